//! Where the bot token comes from: `DISCORD_TOKEN`, the `token` key, or a file named by
//! `token_file` (a Docker or Kubernetes secret), exactly one of them.

use std::path::{Path, PathBuf};

/// Why no token could be taken. Never shows the token or the file's contents.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("token_file {}: cannot read it ({source})", .path.display())]
    Unreadable { path: PathBuf, source: std::io::Error },
    #[error("token_file {} is empty", .0.display())]
    Empty(PathBuf),
    #[error("both a token (token or DISCORD_TOKEN) and token_file are set; keep one")]
    Both,
}

impl TokenError {
    /// What is wrong, for the list of the configuration's problems (at `token_file`).
    pub fn msg(&self) -> crate::engine::Msg {
        use crate::engine::Msg;
        match self {
            TokenError::Unreadable { path, source } => Msg::new("config-token-unreadable")
                .arg("path", path.display().to_string())
                .arg("why", source.to_string()),
            TokenError::Empty(path) => Msg::new("config-token-empty").arg("path", path.display().to_string()),
            TokenError::Both => Msg::new("config-token-both"),
        }
    }
}

/// The token: the environment's `DISCORD_TOKEN` over the configured `token`, or the contents
/// of `file` without its trailing newline. Blank values count as unset.
pub(super) fn resolve(
    configured: Option<String>,
    env: Option<String>,
    file: Option<&Path>,
) -> Result<Option<String>, TokenError> {
    let set = |t: &String| !t.trim().is_empty();
    let given = env.filter(set).or(configured.filter(set));
    let Some(path) = file else {
        return Ok(given);
    };
    if given.is_some() {
        return Err(TokenError::Both);
    }
    let text = std::fs::read_to_string(path).map_err(|source| TokenError::Unreadable {
        path: path.to_owned(),
        source,
    })?;
    let token = text.trim_end_matches(['\n', '\r']);
    if token.trim().is_empty() {
        return Err(TokenError::Empty(path.to_owned()));
    }
    Ok(Some(token.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_with(name: &str, contents: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("saikoro-token-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).unwrap();
        path
    }

    #[test]
    fn the_token_comes_from_one_place() {
        let some = |s: &str| Some(s.to_owned());
        assert_eq!(resolve(some("a"), None, None).unwrap(), some("a"));
        assert_eq!(resolve(some("a"), some("b"), None).unwrap(), some("b"));
        assert_eq!(resolve(some("  "), None, None).unwrap(), None);
        assert_eq!(resolve(some("a"), some(" "), None).unwrap(), some("a"));
        let file = file_with("ok", "from.the.file\r\n");
        assert_eq!(resolve(None, None, Some(&file)).unwrap(), some("from.the.file"));
        assert!(matches!(
            resolve(some("a"), None, Some(&file)),
            Err(TokenError::Both)
        ));
        assert!(matches!(
            resolve(None, some("b"), Some(&file)),
            Err(TokenError::Both)
        ));
        std::fs::remove_file(file).unwrap();
    }

    #[test]
    fn a_missing_or_empty_file_is_named() {
        let missing = Path::new("/no/such/dir/token");
        let err = resolve(None, None, Some(missing)).unwrap_err().to_string();
        assert!(
            err.starts_with("token_file /no/such/dir/token: cannot read it"),
            "{err}"
        );
        let empty = file_with("empty", "\n");
        let err = resolve(None, None, Some(&empty)).unwrap_err().to_string();
        assert!(err.ends_with("is empty"), "{err}");
        std::fs::remove_file(empty).unwrap();
    }
}
