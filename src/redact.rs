//! One redaction for everything the bot prints or logs: passwords in URLs' user-info, secret
//! query parameters and fields (`password=`, `sslpassword=`, `interaction_token="…"`), Discord's
//! interaction and webhook tokens in paths, and the secrets the configuration named (the bot
//! token). It works on any text, so a URL inside an error message (reqwest's Display names the
//! request's URL) is covered as well as a URL alone.

use regex::{Captures, Regex};
use std::sync::{LazyLock, RwLock};

/// What a secret is replaced with.
const HIDDEN: &str = "***";

/// Secrets shorter than this are not hidden as plain text: they would hide ordinary words.
const MIN_SECRET_LEN: usize = 8;

/// A URL: its scheme, then everything up to white space or a quote.
static URL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"[A-Za-z][A-Za-z0-9+.\-]*://[^\s"'`<>]+"#).expect("a valid pattern"));

/// `key=value` whose key names a secret, as in a query or a log line's fields (coloured fields
/// have ANSI codes around the `=`).
static SECRET_ASSIGNMENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)([\w.\-]*(?:pass|pwd|secret|token)[\w.\-]*)((?:\x1b\[[0-9;]*m)*=(?:\x1b\[[0-9;]*m)*)("(?:[^"\\]|\\.)*"|[^\s&#"'`<>,;)]+)"#,
    )
    .expect("a valid pattern")
});

/// `key: "value"` or `key: Some("value")` whose key names a secret, as `{:?}` writes them.
static SECRET_DEBUG_FIELD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)([\w.\-]*(?:pass|pwd|secret|token)[\w.\-]*)(: (?:Some\()?)("(?:[^"\\]|\\.)*")"#)
        .expect("a valid pattern")
});

/// Discord's `/webhooks/{application}/{token}` and `/interactions/{id}/{token}/callback`.
static DISCORD_TOKEN_PATH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)(/(?:webhooks|interactions)/[^/\s]+/)[^/\s?#"'`<>)]+"#).expect("a valid pattern")
});

/// Secrets to hide wherever they appear, named by the configuration once it is read.
static KNOWN: RwLock<Vec<String>> = RwLock::new(Vec::new());

/// Hides `secret` from every later [`redact`] (and so from the logs), wherever it appears.
pub fn hide(secret: &str) {
    let secret = secret.trim();
    if secret.len() < MIN_SECRET_LEN {
        return;
    }
    let mut known = KNOWN.write().unwrap_or_else(std::sync::PoisonError::into_inner);
    if !known.iter().any(|s| s == secret) {
        known.push(secret.to_owned());
    }
}

/// `text` with every secret it shows replaced by `***`.
pub fn redact(text: &str) -> String {
    let text = URL.replace_all(text, |c: &Captures| without_password(&c[0]));
    let text = SECRET_ASSIGNMENT.replace_all(&text, hide_value);
    let text = SECRET_DEBUG_FIELD.replace_all(&text, hide_value);
    let mut text = DISCORD_TOKEN_PATH
        .replace_all(&text, format!("${{1}}{HIDDEN}"))
        .into_owned();
    let known = KNOWN.read().unwrap_or_else(std::sync::PoisonError::into_inner);
    for secret in known.iter() {
        text = text.replace(secret.as_str(), HIDDEN);
    }
    text
}

/// A secret field's key and separator, then `***` for its value (captures 1, 2 and 3).
fn hide_value(field: &Captures) -> String {
    // A file holding a secret is named, not secret: `token_file` shows its path.
    let value = if field[1].ends_with("_file") {
        &field[3]
    } else {
        HIDDEN
    };
    format!("{}{}{value}", &field[1], &field[2])
}

/// `scheme://user:secret@host…` → `scheme://user:***@host…`. The user-info ends at the last
/// `@` that does not start a path segment (Discord's `/@me`), so a password with a stray `/`,
/// `?` or `@` in it is hidden whole rather than cut where a strict parser would cut it.
fn without_password(url: &str) -> String {
    let start = url.find("://").map_or(0, |i| i + 3);
    let rest = &url[start..];
    let at = rest
        .char_indices()
        .rev()
        .find(|&(i, c)| c == '@' && !rest[..i].ends_with('/'))
        .map(|(i, _)| i);
    match at.and_then(|at| rest[..at].find(':').map(|colon| (colon, at))) {
        Some((colon, at)) => format!("{}{}:{HIDDEN}{}", &url[..start], &rest[..colon], &rest[at..]),
        None => url.to_owned(),
    }
}

/// Writes through [`redact`]: the log's writer. tracing's formatter writes each event whole in
/// one call, so a secret is never split across two writes.
pub struct RedactingWriter<W>(pub W);

impl<W: std::io::Write> std::io::Write for RedactingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .write_all(redact(&String::from_utf8_lossy(buf)).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn hidden(text: &str, secret: &str, kept: &str) {
        let shown = redact(text);
        assert!(!shown.contains(secret), "{secret} shows in {shown}");
        assert!(shown.contains(kept), "{kept} was lost from {shown}");
    }

    #[test]
    fn passwords_in_user_info_are_hidden_and_the_rest_kept() {
        hidden(
            "postgres://me:hunter22@db/saikoro",
            "hunter22",
            "postgres://me:***@db/saikoro",
        );
        hidden(
            "postgresql://me:hun%40ter@db:5432/x",
            "hun%40ter",
            "me:***@db:5432/x",
        );
        // Not valid URLs, yet what a person may type: the password is hidden whole.
        hidden("postgres://me:pa/ss@word@db/x", "pa/ss", "@db/x");
        hidden("postgres://me:pa?ss@db/x", "pa?ss", "@db/x");
        hidden("http://user:proxypass1@proxy:3128", "proxypass1", "@proxy:3128");
    }

    #[test]
    fn secret_query_parameters_are_hidden() {
        let url = "postgres://u@h/db?sslmode=verify-full&password=qpass1&sslpassword=keypass2&x_token=t0k3n&api_secret=s3cr3t";
        let shown = redact(url);
        for secret in ["qpass1", "keypass2", "t0k3n", "s3cr3t"] {
            assert!(!shown.contains(secret), "{secret} shows in {shown}");
        }
        assert!(shown.contains("sslmode=verify-full"), "{shown}");
        assert_eq!(redact("?PassWord=X1y&a=b"), "?PassWord=***&a=b");
    }

    #[test]
    fn discord_interaction_and_webhook_tokens_are_hidden() {
        hidden(
            "https://discord.com/api/v10/interactions/123/aW50ZXJhY3Rpb246MTIz/callback",
            "aW50ZXJhY3Rpb246MTIz",
            "/interactions/123/***/callback",
        );
        hidden(
            "http://127.0.0.1:9/api/v10/webhooks/99/aW50ZXJhY3Rpb246MTIz/messages/@original",
            "aW50ZXJhY3Rpb246MTIz",
            "/webhooks/99/***/messages/@original",
        );
        // A route ending in `@me` is no user-info.
        let me = "http://127.0.0.1:8080/api/v10/oauth2/applications/@me";
        assert_eq!(redact(me), me);
    }

    #[test]
    fn secrets_inside_error_messages_and_log_fields_are_hidden() {
        hidden(
            "error sending request for url (https://discord.com/api/v10/webhooks/1/WEBHOOKTOKEN1/messages/2): connection refused",
            "WEBHOOKTOKEN1",
            "connection refused",
        );
        hidden(
            "request{req=Request { route: InteractionResponse { interaction_id: 5, token: \"INTERACTIONTOKEN\" } }}",
            "INTERACTIONTOKEN",
            "interaction_id: 5",
        );
        hidden("span{interaction_token=\"abc\\\"def1\"}: sent", "def1", "sent");
        // Coloured fields, as tracing writes them to a terminal.
        hidden(
            "\x1b[3mtoken\x1b[0m\x1b[2m=\x1b[0mCOLOURED1 rest",
            "COLOURED1",
            "rest",
        );
        hidden(
            "database `postgres://a:dbpass99@h/d` is down",
            "dbpass99",
            "is down",
        );
        hidden("token: Some(\"opt-token-1\")", "opt-token-1", "token");
        let file = "token_file: Some(\"/run/secrets/discord_token\")";
        assert_eq!(redact(file), file);
    }

    #[test]
    fn hidden_secrets_are_hidden_anywhere_and_short_ones_ignored() {
        hide("MTIzNDU2.configured-bot-token");
        hidden(
            "Authorization: Bot MTIzNDU2.configured-bot-token",
            "configured-bot-token",
            "Bot ",
        );
        hide("the");
        assert_eq!(redact("the board"), "the board");
    }

    #[test]
    fn text_without_secrets_is_unchanged() {
        for text in [
            "sqlite://saikoro.db",
            "opening the database sqlite:///data/saikoro.db?mode=rwc",
            "token contains white space; copy it again from the Developer Portal",
            "token_file /run/no-such-token: cannot read it",
            "https://discord.com/api/v10/channels/1/messages",
        ] {
            assert_eq!(redact(text), text);
        }
    }

    #[test]
    fn the_log_writer_redacts_what_it_writes() {
        use std::io::Write;
        let mut out = RedactingWriter(Vec::new());
        write!(
            out,
            "WARN could not answer a click error=url (http://h/webhooks/1/LOGGEDTOKEN1)"
        )
        .unwrap();
        let written = String::from_utf8(out.0).unwrap();
        assert!(written.ends_with("/webhooks/1/***)"), "{written}");
    }
}
