//! The log: text on stderr (colours only on a terminal), or JSON lines for a log collector
//! (`log_format = "json"`), every line through the one redaction. The format is chosen once the
//! configuration is read, so logging starts as text and may switch.

use crate::redact::RedactingWriter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer, Registry, reload};

type Boxed = Box<dyn Layer<Registry> + Send + Sync>;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

/// The installed log, whose format can still change.
pub struct Logs(reload::Handle<Boxed, Registry>);

/// Installs the log as text. `RUST_LOG` filters it (default: saikoro's info and others' warnings).
pub fn init() -> Logs {
    let (format, handle) = reload::Layer::new(layer(LogFormat::Text));
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("saikoro=info,warn"));
    tracing_subscriber::registry().with(format).with(filter).init();
    Logs(handle)
}

impl Logs {
    pub fn set_format(&self, format: LogFormat) {
        if let Err(e) = self.0.reload(layer(format)) {
            tracing::warn!(error = %e, "could not change the log format");
        }
    }
}

fn layer(format: LogFormat) -> Boxed {
    let writer = || RedactingWriter(std::io::stderr());
    match format {
        LogFormat::Text => tracing_subscriber::fmt::layer()
            .with_writer(writer)
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .boxed(),
        // The current span's fields (the interaction, its guild and shard; the game) on every
        // line, so a collector can group the lines about one interaction or one game.
        LogFormat::Json => tracing_subscriber::fmt::layer()
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .with_writer(writer)
            .boxed(),
    }
}
