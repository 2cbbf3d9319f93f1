//! The join address of a table as a QR code, so that phones at the same table (on the same
//! network) join by pointing a camera at the shared screen.

use crate::error::ApiError;
use crate::state::AppState;
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

/// Longest `Host` header put in a code: a host name and a port.
const MAX_HOST: usize = 255;

/// `GET /t/{table}/qr.svg?for=join`: the table's join address, `http://HOST/t/TABLE`, with the
/// host the browser asked for (the address it reached the server by, which phones on the same
/// network reach too when the server listens on every interface).
pub async fn svg(
    State(st): State<AppState>,
    Path(table): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    match query.as_deref() {
        None | Some("") | Some("for=join") => {}
        Some(_) => {
            return Err(ApiError::bad_request(
                "bad_qr",
                "a table's QR code is of its join address: ask for ?for=join",
            ))
        }
    }
    st.table(&table).await?;
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| valid_host(h))
        .ok_or_else(|| {
            ApiError::bad_request(
                "bad_host",
                "the request names no valid host to put in the code",
            )
        })?;
    let address = format!("http://{host}/t/{table}");
    let image = render(&address)?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("image/svg+xml"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        image,
    )
        .into_response())
}

/// A host name or address with an optional port: nothing that could break the address.
fn valid_host(h: &str) -> bool {
    !h.is_empty()
        && h.len() <= MAX_HOST
        && h.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
}

/// `text` as an SVG QR code, black on white with the standard quiet zone.
pub fn render(text: &str) -> Result<String, ApiError> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .map_err(|e| ApiError::internal(format!("QR code: {e}")))?;
    Ok(code
        .render::<svg::Color<'_>>()
        .module_dimensions(6, 6)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .build())
}
