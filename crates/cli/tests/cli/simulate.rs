//! `welcome simulate`: consistent summaries, deterministic results, records that replay, and
//! clean refusals of bad flags.

use crate::common;

use common::{path_str, welcome};
use serde_json::Value;
use welcome_engine::Record;

fn simulate_json(args: &[&str]) -> Value {
    let mut all = vec!["simulate", "--json"];
    all.extend_from_slice(args);
    let out = welcome(&all).success();
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn check_consistent(r: &Value, games: u64, players: u64) {
    assert_eq!(r["games"], games);
    assert_eq!(r["players"], players);
    let s = &r["scores"];
    assert_eq!(s["count"], games * players);
    let (min, mean, max) = (f(&s["min"]), f(&s["mean"]), f(&s["max"]));
    assert!(min <= mean && mean <= max, "{s}");
    assert!(f(&s["stdev"]) >= 0.0);
    assert!(f(&s["stdev"]) <= max - min);
    let buckets = r["histogram"].as_array().unwrap();
    let counted: u64 = buckets.iter().map(|b| b["count"].as_u64().unwrap()).sum();
    assert_eq!(counted, games * players);
    for b in buckets {
        assert_eq!(b["to"].as_i64().unwrap() - b["from"].as_i64().unwrap(), 9);
    }
    assert!(f(&buckets[0]["from"]) <= min && max <= f(&buckets[buckets.len() - 1]["to"]));
    let triggers: u64 = r["end_triggers"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert!(triggers >= games, "every game ends on some trigger: {r}");
    assert!(f(&r["mean_rounds"]) >= 1.0);
    assert_eq!(r["seat_means"].as_array().unwrap().len() as u64, players);
    assert!(f(&r["games_per_second"]) > 0.0);
}

#[test]
fn json_summary_is_consistent() {
    let r = simulate_json(&[
        "--players",
        "3",
        "--games",
        "6",
        "--seed",
        "40",
        "--bot",
        "random",
    ]);
    check_consistent(&r, 6, 3);
    assert_eq!(r["mode"], "standard");
    assert_eq!(r["first_seed"], 40);
    assert_eq!(r["last_seed"], 45);

    let r = simulate_json(&[
        "--solo",
        "--games",
        "3",
        "--seed",
        "1",
        "--bot",
        "greedy",
        "--advanced",
    ]);
    check_consistent(&r, 3, 1);
    assert_eq!(r["mode"], "solo");
    assert_eq!(r["advanced"], true);

    let r = simulate_json(&["--expert", "--players", "2", "--games", "3", "--seed", "7"]);
    check_consistent(&r, 3, 2);
    assert_eq!(r["mode"], "expert");
}

#[test]
fn one_player_is_solo() {
    let r = simulate_json(&["--players", "1", "--games", "2"]);
    assert_eq!(r["mode"], "solo");
}

/// Everything but the timing is the same whatever the number of threads.
#[test]
fn results_do_not_depend_on_threads() {
    let strip = |mut v: Value| {
        let o = v.as_object_mut().unwrap();
        for k in ["seconds", "games_per_second", "threads"] {
            o.remove(k);
        }
        v
    };
    let args = [
        "--players",
        "4",
        "--games",
        "8",
        "--seed",
        "100",
        "--advanced",
    ];
    let mut one = args.to_vec();
    one.extend(["--threads", "1"]);
    let mut two = args.to_vec();
    two.extend(["--threads", "2"]);
    assert_eq!(strip(simulate_json(&one)), strip(simulate_json(&two)));
}

#[test]
fn text_summary_has_every_figure() {
    let out = welcome(&["simulate", "--players", "2", "--games", "4", "--seed", "3"]).success();
    for needle in [
        "4 games",
        "mean",
        "stdev",
        "min",
        "max",
        "histogram",
        "end triggers",
        "mean rounds",
        "games/s",
    ] {
        assert!(out.contains(needle), "missing {needle}:\n{out}");
    }
    assert!(
        out.lines().any(|l| l.contains(" | #")),
        "histogram bars:\n{out}"
    );
}

#[test]
fn records_are_written_and_replay() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("nested/records");
    let out = welcome(&[
        "simulate",
        "--players",
        "3",
        "--games",
        "4",
        "--seed",
        "20",
        "--bot",
        "random",
        "--records",
        path_str(&records),
    ])
    .success();
    assert!(out.contains("records: 4 files"), "{out}");
    let mut names: Vec<String> = std::fs::read_dir(&records)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "game-20.json",
            "game-21.json",
            "game-22.json",
            "game-23.json"
        ]
    );
    for (i, name) in names.iter().enumerate() {
        let text = std::fs::read_to_string(records.join(name)).unwrap();
        let record = Record::from_json(&text).unwrap();
        assert_eq!(record.setup.seed, Some(20 + i as u64));
        assert_eq!(record.setup.seats, ["random 1", "random 2", "random 3"]);
        let game = record.replay().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(game.is_over());
        welcome(&["replay", path_str(&records.join(name))]).success();
    }
}

/// The files of a records folder and their contents.
fn folder(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let name = e.file_name().into_string().unwrap();
            (name, std::fs::read_to_string(e.path()).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn records_an_earlier_run_left_are_never_overwritten_unasked() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("records");
    let run = |seed: &str, bot: &str, extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "--players",
            "2",
            "--games",
            "3",
            "--seed",
            seed,
            "--bot",
            bot,
            "--records",
            path_str(&records),
        ];
        args.extend_from_slice(extra);
        welcome(&args)
    };
    run("20", "random", &[]).success();
    let before = folder(&records);
    assert_eq!(before.len(), 3);

    // Seeds 22 to 24 meet game-22.json: the run is refused before a game is played, naming
    // the file and how many more it would replace, and the folder is as it was.
    let err = run("22", "greedy", &[]).failure();
    let first = records.join("game-22.json");
    assert!(
        err.contains(&format!("{} already exists", first.display())) && err.contains("--overwrite"),
        "{err}"
    );
    assert!(!err.contains("more record"), "{err}");
    assert_eq!(folder(&records), before);
    let err = run("19", "greedy", &[]).failure();
    assert!(
        err.contains("game-20.json already exists, as does 1 more record this run would write"),
        "{err}"
    );
    assert_eq!(folder(&records), before);

    // Files that are not this run's records do not stop it.
    std::fs::write(records.join("notes.txt"), "mine").unwrap();
    std::fs::write(records.join("game-030.json"), "not a seed's name").unwrap();
    run("23", "random", &[]).success();
    assert_eq!(folder(&records).len(), 3 + 2 + 3);

    // --overwrite replaces them: the greedy bots' games are not the random bots'.
    run("20", "greedy", &["--overwrite"]).success();
    let after = folder(&records);
    let changed = |name: &str| {
        let find = |f: &[(String, String)]| f.iter().find(|(n, _)| n == name).cloned();
        find(&before) != find(&after)
    };
    assert!(changed("game-20.json") && changed("game-22.json"));
    assert!(after.iter().any(|(n, t)| n == "notes.txt" && t == "mine"));
    let err = welcome(&["simulate", "--games", "1", "--overwrite"]).failure();
    assert!(err.contains("--records"), "{err}");
}

/// A bad command line fails with a message naming the problem and writes nothing.
fn rejected(args: &[&str], needles: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("records");
    let mut all = vec!["simulate"];
    all.extend_from_slice(args);
    all.extend(["--records", path_str(&records)]);
    let err = welcome(&all).failure();
    for n in needles {
        assert!(err.contains(n), "expected {n:?} in:\n{err}");
    }
    assert!(!records.exists(), "{args:?} wrote {records:?}");
}

#[test]
fn bad_flags_are_refused() {
    rejected(&["--players", "0"], &["--players must be at least 1"]);
    rejected(&["--games", "0"], &["--games", "must be at least 1"]);
    rejected(
        &["--games", "10000001"],
        &["--games", "must be at most 10000000"],
    );
    rejected(
        &["--expert", "--players", "1"],
        &["--expert needs at least 2 players"],
    );
    rejected(
        &["--bot", "clever"],
        &["unknown bot \"clever\"", "random, greedy"],
    );
    rejected(&["--solo", "--players", "3"], &["--solo", "--players 3"]);
    rejected(&["--solo", "--expert"], &["--solo", "--expert"]);
    rejected(&["--expert", "--players", "30"], &["30 seats", "27"]);
    rejected(&["--players", "2000"], &["2000 seats", "1000"]);
    rejected(&["--threads", "0"], &["--threads"]);
    rejected(&["--seed", "-1"], &["'-1'"]);
    rejected(
        &["--games", "many"],
        &["--games", "\"many\" is not a whole number"],
    );
    rejected(
        &["--sheet", "halloween"],
        &[
            "edition first has no sheet \"halloween\"",
            "classic, christmas, easter, ice-cream",
        ],
    );
    rejected(&["--sheet", "Easter"], &["no sheet \"Easter\"", "easter"]);
    rejected(
        &["--edition", "second", "--sheet", "easter"],
        &["unknown edition \"second\" (known editions: first, collector)"],
    );
    rejected(
        &["--sheet", "easter", "--record-version", "1"],
        &["--record-version 1 holds only the classic sheet, not --sheet easter"],
    );
    rejected(&["--record-version", "3"], &["--record-version"]);
}

/// The `seats` section of a summary, checked against the rest of it: one entry per seat in
/// order, means as in `seat_means`, wins shared so that they add up to the number of games.
fn check_seats(r: &Value, bots: &[&str]) -> Vec<Value> {
    let seats = r["seats"].as_array().unwrap().clone();
    let games = f(&r["games"]);
    assert_eq!(seats.len(), bots.len(), "{r}");
    let mut wins = 0.0;
    for (i, s) in seats.iter().enumerate() {
        assert_eq!(s["seat"], i as u64 + 1);
        assert_eq!(s["bot"], bots[i]);
        assert_eq!(s["mean"], r["seat_means"][i]);
        let (min, mean, max) = (f(&s["min"]), f(&s["mean"]), f(&s["max"]));
        assert!(min <= mean && mean <= max, "{s}");
        assert!(f(&s["stdev"]) >= 0.0 && f(&s["stdev"]) <= max - min, "{s}");
        assert!(f(&r["scores"]["min"]) <= min && max <= f(&r["scores"]["max"]));
        let outright = f(&s["outright_wins"]);
        assert!(outright <= f(&s["wins"]) + 1e-9, "{s}");
        assert!(
            (f(&s["win_rate"]) - f(&s["wins"]) / games).abs() < 1e-12,
            "{s}"
        );
        wins += f(&s["wins"]);
    }
    assert!((wins - games).abs() < 1e-9, "wins add up to {wins}: {r}");
    seats
}

#[test]
fn bots_per_seat_are_summarised_by_seat() {
    let r = simulate_json(&[
        "--bots",
        "greedy,random,random",
        "--games",
        "20",
        "--seed",
        "1",
        "--threads",
        "2",
    ]);
    check_consistent(&r, 20, 3);
    assert_eq!(r["bot"], "greedy,random,random");
    assert_eq!(r["mode"], "standard");
    let seats = check_seats(&r, &["greedy", "random", "random"]);
    let rate = |i: usize| f(&seats[i]["win_rate"]);
    assert!(rate(0) > rate(1) && rate(0) > rate(2), "{r}");
    assert!(f(&seats[0]["mean"]) > f(&seats[1]["mean"]), "{r}");

    let text = welcome(&[
        "simulate",
        "--bots",
        "greedy,random,random",
        "--games",
        "2",
        "--threads",
        "1",
    ])
    .success();
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains("3 players, basic; bots greedy, random, random;"),
        "{text}"
    );
    assert!(text.contains("by seat"), "{text}");
    for (seat, bot) in [(1, "greedy"), (2, "random"), (3, "random")] {
        let row = format!("{seat:>6}  {bot}");
        assert!(
            text.lines().any(|l| l.starts_with(&row)),
            "{row:?}:\n{text}"
        );
    }
}

/// Random bots tie for 1st now and then (equal totals and tie-breaks): each gets half a win.
#[test]
fn a_tie_for_first_is_a_shared_win() {
    let r = simulate_json(&[
        "--bots",
        "random,random",
        "--games",
        "200",
        "--seed",
        "1",
        "--threads",
        "2",
    ]);
    let seats = check_seats(&r, &["random", "random"]);
    let shared = |s: &Value| f(&s["wins"]) - f(&s["outright_wins"]);
    let ties = 2.0 * shared(&seats[0]);
    assert!(ties >= 1.0, "no tie in 200 games: {r}");
    assert_eq!(ties.fract(), 0.0, "{r}");
    assert_eq!(shared(&seats[0]), shared(&seats[1]), "{r}");
    let outright = f(&seats[0]["outright_wins"]) + f(&seats[1]["outright_wins"]);
    assert_eq!(outright + ties, 200.0, "{r}");
}

/// With one bot the whole list is the seat count: the solo variant.
#[test]
fn one_bot_in_the_list_is_solo() {
    let r = simulate_json(&["--bots", "greedy", "--games", "2", "--seed", "3"]);
    check_consistent(&r, 2, 1);
    assert_eq!(r["mode"], "solo");
    assert_eq!(r["bot"], "greedy");
    // Alone at the table, the seat ranks 1st in every game.
    let seats = check_seats(&r, &["greedy"]);
    assert_eq!(seats[0]["outright_wins"], 2);
    let solo = simulate_json(&["--bots", "greedy", "--solo", "--games", "2", "--seed", "3"]);
    assert_eq!(solo["seats"], r["seats"]);
}

/// A run with `--bot` has the per-seat section too, every seat with that bot.
#[test]
fn single_bot_runs_have_seats_too() {
    let r = simulate_json(&[
        "--players",
        "4",
        "--games",
        "6",
        "--seed",
        "11",
        "--bot",
        "random",
    ]);
    check_seats(&r, &["random"; 4]);
}

/// `--bots` with one kind at every seat plays the very games of `--bot` with that kind: the
/// seats are seeded the same way, so the summaries are the same but for the timing.
#[test]
fn bots_of_one_kind_play_the_games_of_bot() {
    let strip = |mut v: Value| {
        let o = v.as_object_mut().unwrap();
        for k in ["seconds", "games_per_second"] {
            o.remove(k);
        }
        v
    };
    let common = [
        "--games",
        "5",
        "--seed",
        "9",
        "--threads",
        "2",
        "--advanced",
    ];
    let run = |seating: &[&str]| {
        let mut args = seating.to_vec();
        args.extend(common);
        strip(simulate_json(&args))
    };
    let one = run(&["--bot", "greedy"]);
    assert_eq!(one["players"], 4);
    assert_eq!(one, run(&["--bots", "greedy,greedy,greedy,greedy"]));
    assert_eq!(
        one,
        run(&["--bots", "greedy,greedy,greedy,greedy", "--players", "4"])
    );
    check_seats(&one, &["greedy"; 4]);
    // The label names the one bot either way.
    assert_eq!(one["bot"], "greedy");
    let three = run(&["--bot", "random", "--players", "3", "--expert"]);
    assert_eq!(three, run(&["--bots", "random,random,random", "--expert"]));
}

#[test]
fn records_name_each_seat_by_its_bot() {
    let dir = tempfile::tempdir().unwrap();
    welcome(&[
        "simulate",
        "--bots",
        "random,greedy,random",
        "--games",
        "1",
        "--seed",
        "5",
        "--records",
        path_str(dir.path()),
    ])
    .success();
    let path = dir.path().join("game-5.json");
    let record = Record::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(record.setup.seats, ["random 1", "greedy 2", "random 3"]);
    assert!(record.replay().unwrap().is_over());
}

#[test]
fn bad_bot_lists_are_refused() {
    rejected(
        &["--bots", "greedy,clever,random"],
        &[
            "unknown bot \"clever\"",
            "random, greedy, search-fast, search, search-strong",
        ],
    );
    rejected(&["--bots", "greedy,,random"], &["unknown bot \"\""]);
    rejected(
        &["--bots", "greedy,random", "--bot", "greedy"],
        &["--bots", "cannot be used with", "--bot"],
    );
    rejected(
        &["--bots", "greedy,random", "--players", "3"],
        &["--players 3", "--bots greedy,random", "2 seats"],
    );
    rejected(
        &["--bots", "greedy,random", "--solo"],
        &["--solo", "one bot", "2 seats", "greedy,random"],
    );
    rejected(
        &["--bots", "greedy", "--expert"],
        &["--expert needs at least 2 players", "--bots greedy"],
    );
    // Errors of the same kind exit the same way as the others: clap's for what clap checks,
    // the command's for a disagreement between flags.
    let code = |args: &[&str]| {
        let mut all = vec!["simulate", "--games", "1"];
        all.extend_from_slice(args);
        let run = welcome(&all);
        assert!(!run.ok, "{args:?}");
        run.code
    };
    assert_eq!(
        code(&["--bots", "greedy,random", "--players", "3"]),
        code(&["--solo", "--players", "3"])
    );
    assert_eq!(
        code(&["--bots", "greedy,random", "--solo"]),
        code(&["--solo", "--players", "3"])
    );
    assert_eq!(code(&["--bots", "clever"]), code(&["--bot", "clever"]));
    assert_eq!(
        code(&["--bots", "greedy", "--bot", "random"]),
        code(&["--solo", "--expert"])
    );
}

#[test]
fn record_version_needs_records() {
    let err = welcome(&["simulate", "--games", "1", "--record-version", "1"]).failure();
    assert!(err.contains("--records"), "{err}");
}

#[test]
fn sheets_are_played_and_reported() {
    for sheet in ["classic", "easter", "ice-cream", "christmas"] {
        let r = simulate_json(&[
            "--sheet",
            sheet,
            "--players",
            "2",
            "--games",
            "2",
            "--seed",
            "3",
        ]);
        check_consistent(&r, 2, 2);
        assert_eq!(r["sheet"], sheet);
        assert_eq!(r["edition"], "first");
    }
    let out = welcome(&["simulate", "--sheet", "christmas", "--solo", "--games", "1"]).success();
    assert!(
        out.lines()
            .next()
            .unwrap()
            .contains("solo, 1 player, basic, sheet christmas"),
        "{out}"
    );
}

#[test]
fn records_can_be_written_as_version_1() {
    let dir = tempfile::tempdir().unwrap();
    let args = |d: &str, v: &'static str| {
        let mut a = vec!["simulate", "--players", "2", "--games", "1", "--seed", "8"];
        a.extend(["--records", d, "--record-version", v]);
        welcome(&a).success();
    };
    let (v1, v2) = (dir.path().join("v1"), dir.path().join("v2"));
    args(path_str(&v1), "1");
    args(path_str(&v2), "2");
    let read = |d: &std::path::Path| std::fs::read_to_string(d.join("game-8.json")).unwrap();
    let (t1, t2) = (read(&v1), read(&v2));
    let r1 = Record::from_json(&t1).unwrap();
    let r2 = Record::from_json(&t2).unwrap();
    assert_eq!((r1.version, r2.version), (1, 2));
    assert!(
        !t1.contains("\"offers\"") && !t1.contains("\"sheet\""),
        "{t1}"
    );
    // The same game either way: version 2 written as version 1 gives the version 1 bytes.
    assert_eq!(r2.as_version(1).to_json(), t1);
    let game = r1.replay().unwrap();
    assert_eq!(Record::of(&game, &r1.setup.seats).to_json(), t2);
}

#[test]
fn records_path_that_is_a_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("taken");
    std::fs::write(&file, "keep me").unwrap();
    let err = welcome(&["simulate", "--games", "1", "--records", path_str(&file)]).failure();
    assert!(err.contains("exists and is not a directory"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
}

#[test]
fn aaa_level_plays_the_collector_solo_game_and_reports_against_the_aaa() {
    let out = welcome(&[
        "simulate",
        "--edition",
        "collector",
        "--solo",
        "--aaa-level",
        "2",
        "--games",
        "6",
        "--bot",
        "greedy",
        "--json",
    ])
    .success();
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    let aaa = &r["aaa"];
    assert_eq!(aaa["level"], 2);
    let n = |k: &str| aaa[k].as_u64().unwrap();
    assert_eq!(n("wins") + n("draws") + n("losses"), 6);
    assert!(aaa["scores"]["mean"].as_f64().unwrap() > 0.0);
    let text = welcome(&[
        "simulate",
        "--edition",
        "collector",
        "--solo",
        "--aaa-level",
        "0",
        "--games",
        "2",
    ])
    .success();
    assert!(text.contains("AAA level 0"), "{text}");
    assert!(
        !text.contains("against the AAA"),
        "level 0 has no winner: {text}"
    );
    // The level needs the AAA game, and the AAA has levels 0–5.
    let err = welcome(&[
        "simulate",
        "--players",
        "2",
        "--aaa-level",
        "1",
        "--games",
        "1",
    ])
    .failure();
    assert!(err.contains("--aaa-level"), "{err}");
    let err = welcome(&[
        "simulate",
        "--edition",
        "collector",
        "--solo",
        "--aaa-level",
        "7",
        "--games",
        "1",
    ])
    .failure();
    assert!(err.contains("level 7"), "{err}");
}
