//! The terminal's language: `--lang en|ja`, else the POSIX locale (`LC_ALL`, then
//! `LC_MESSAGES`, then `LANG`, the first that is set), else English.

use crate::engine::Locale;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Lang {
    En,
    Ja,
}

impl From<Lang> for Locale {
    fn from(lang: Lang) -> Self {
        match lang {
            Lang::En => Locale::En,
            Lang::Ja => Locale::Ja,
        }
    }
}

/// The language asked for, or the environment's.
pub fn locale(flag: Option<Lang>) -> Locale {
    flag.map_or_else(|| from_env(|k| std::env::var(k).ok()), Locale::from)
}

/// The POSIX precedence: the first non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG`.
pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Locale {
    let tag = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(var)
        .find(|v| !v.is_empty())
        .unwrap_or_default();
    // `ja_JP.UTF-8` → `ja`.
    let language = tag.split(['_', '.', '@', '-']).next().unwrap_or("");
    Locale::from_tag(language)
}

/// The language before the arguments are parsed, for the help texts clap builds first: a
/// `--lang X` or `--lang=X` among `args`, else the environment's.
pub fn from_args(args: &[String]) -> Locale {
    let given = args
        .iter()
        .enumerate()
        .find_map(|(i, a)| match a.strip_prefix("--lang") {
            Some("") => args.get(i + 1).map(String::as_str),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        });
    match given {
        Some(tag) => Locale::from_tag(tag),
        None => locale(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        |k| {
            pairs
                .iter()
                .find(|(key, _)| *key == k)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn the_posix_variables_choose_in_their_order() {
        assert_eq!(from_env(env(&[("LANG", "ja_JP.UTF-8")])), Locale::Ja);
        assert_eq!(
            from_env(env(&[("LANG", "ja_JP.UTF-8"), ("LC_ALL", "C")])),
            Locale::En
        );
        assert_eq!(from_env(env(&[("LANG", "C"), ("LC_MESSAGES", "ja")])), Locale::Ja);
        assert_eq!(from_env(env(&[("LC_ALL", ""), ("LANG", "ja_JP")])), Locale::Ja);
        assert_eq!(from_env(env(&[])), Locale::En);
    }

    #[test]
    fn a_lang_argument_is_read_before_parsing() {
        let args = |s: &str| s.split(' ').map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(from_args(&args("saikoro play --lang ja")), Locale::Ja);
        assert_eq!(from_args(&args("saikoro --lang=ja play")), Locale::Ja);
        assert_eq!(from_args(&args("saikoro --lang=en play")), Locale::En);
    }
}
