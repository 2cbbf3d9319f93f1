use std::time::Instant;
use welcome_bots::BotKind;
use welcome_engine::*;
fn main() {
    let t = Instant::now();
    let mut n = 0u64;
    let mut total = 0i64;
    while t.elapsed().as_secs_f64() < 2.0 {
        let mut g = Game::new(Edition::first(), Options::new(Mode::Solo), 1, n).unwrap();
        let mut bot = BotKind::Random.make(n);
        while !g.is_over() {
            let v = PlayerView::of(&g, 0).unwrap();
            let turn = bot.choose(&v);
            g.submit(0, turn).unwrap();
            g.resolve().unwrap();
        }
        total += g.scores()[0].total as i64;
        n += 1;
    }
    println!(
        "random solo games/s {:.0} mean {:.2}",
        n as f64 / t.elapsed().as_secs_f64(),
        total as f64 / n as f64
    );
    // scoring
    let g = {
        let mut g = Game::new(Edition::first(), Options::new(Mode::Solo), 1, 1).unwrap();
        let mut bot = BotKind::Greedy.make(1);
        while !g.is_over() {
            let v = PlayerView::of(&g, 0).unwrap();
            let t = bot.choose(&v);
            g.submit(0, t).unwrap();
            g.resolve().unwrap();
        }
        g
    };
    let sheet = *g.sheet(0).unwrap();
    let t = Instant::now();
    let mut k = 0u64;
    let mut acc = 0i64;
    while t.elapsed().as_secs_f64() < 1.0 {
        for _ in 0..1000 {
            acc += Score::of(
                &Edition::first().sheet,
                std::hint::black_box(&sheet),
                Temps::Solo,
            )
            .total as i64;
            k += 1;
        }
    }
    println!(
        "scorings/s {:.0} ({acc})",
        k as f64 / t.elapsed().as_secs_f64()
    );
    println!(
        "size_of Game {} Sheet {}",
        std::mem::size_of::<Game>(),
        std::mem::size_of::<Sheet>()
    );
}
