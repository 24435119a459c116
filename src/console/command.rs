//! `saikoro play`: its arguments (one subcommand per registered game, so `play <game> --help`
//! lists that game's own options, in the user's language) and running them.

use super::{Format, Halt, PlayConfig, Resume};
use crate::engine::{Locale, Msg, OptionKind, Tr, options};
use crate::games::GameKind;
use clap::{Arg, ArgAction, ArgMatches};
use std::path::{Path, PathBuf};

/// `saikoro play`, its help in `locale`.
pub fn play_command(locale: Locale) -> clap::Command {
    let tr = Tr::new(locale, &[]);
    let games: Vec<clap::Command> = GameKind::ALL
        .iter()
        .map(|&kind| game_command(kind, &tr))
        .collect();
    clap::Command::new("play")
        .about(tr.t("cli-play-about"))
        .arg_required_else_help(true)
        .args_conflicts_with_subcommands(true)
        .subcommands(games)
        .arg(
            Arg::new("from")
                .long("from")
                .value_name("FILE")
                .value_parser(clap::value_parser!(PathBuf))
                .help(tr.t("cli-arg-from")),
        )
        .arg(
            Arg::new("at")
                .long("at")
                .value_name("MOVE")
                .requires("from")
                .value_parser(clap::value_parser!(usize))
                .help(tr.t("cli-arg-at")),
        )
        .arg(seed_arg(&tr).requires("from"))
        .arg(format_arg(&tr).requires("from"))
}

fn seed_arg(tr: &Tr) -> Arg {
    Arg::new("seed")
        .long("seed")
        .value_parser(clap::value_parser!(u64))
        .help(tr.t("cli-arg-seed"))
}

fn format_arg(tr: &Tr) -> Arg {
    Arg::new("format")
        .long("format")
        .value_parser(clap::builder::EnumValueParser::<Format>::new())
        .help(tr.t("cli-arg-format"))
}

/// `saikoro play <game>`'s own arguments, with the game's options listed after its help.
fn game_command(kind: GameKind, tr: &Tr) -> clap::Command {
    clap::Command::new(kind.id())
        .about(tr.t(&format!("{}-name", kind.id())))
        .after_help(options_help(kind, tr))
        .arg(
            Arg::new("players")
                .long("players")
                .required(true)
                .help(tr.t("cli-arg-players")),
        )
        .arg(seed_arg(tr))
        .arg(Arg::new("dice").long("dice").help(tr.t("cli-arg-dice")))
        .arg(format_arg(tr).default_value("text"))
        .arg(option_arg(tr))
}

/// `--option KEY=VALUE`, for `play <game>` and `render`.
pub fn option_arg(tr: &Tr) -> Arg {
    Arg::new("option")
        .long("option")
        .action(ArgAction::Append)
        .value_name("KEY=VALUE")
        .help(tr.t("cli-arg-option"))
}

/// A game's options, one line each: key, description, what it allows and its default.
pub fn options_help(kind: GameKind, tr: &Tr) -> String {
    let options: Vec<String> = kind
        .options()
        .iter()
        .map(|spec| {
            let default = match spec.kind {
                OptionKind::File { .. } => tr.t("cli-option-built-in"),
                _ => spec.default_value().to_string(),
            };
            let allowed = Msg::new("cli-option-allowed")
                .arg("allowed", spec.allowed())
                .arg("default", default);
            format!(
                "  {:<16} {} [{}]",
                spec.key,
                tr.t(&spec.description_id(kind.id())),
                tr.msg(&allowed)
            )
        })
        .collect();
    if options.is_empty() {
        tr.t("cli-options-none")
    } else {
        format!("{}\n{}", tr.t("cli-options-title"), options.join("\n"))
    }
}

/// The game options given with `--option key=value`, checked against the game's declarations.
pub fn game_options(kind: GameKind, given: &[String], tr: &Tr) -> Result<serde_json::Value, String> {
    let mut options = serde_json::Map::new();
    for text in given {
        let (key, value) = text.split_once('=').unwrap_or((text, ""));
        let spec = kind.options().iter().find(|s| s.key == key.trim());
        // A file option names a file; the game reads its contents.
        let text = match spec.map(|s| s.kind) {
            Some(OptionKind::File { .. }) => {
                let contents = super::record::read_file(Path::new(value.trim()), tr)
                    .map_err(|why| format!("--option {key}: {why}"))?;
                format!("{key}={contents}")
            }
            _ => text.clone(),
        };
        let (key, value) = options::parse_assignment(kind.options(), &text)
            .map_err(|m| format!("--option {}: {}", text.lines().next().unwrap_or(""), tr.msg(&m)))?;
        options.insert(key.to_owned(), value);
    }
    Ok(options.into())
}

/// The `--option` values of `m`.
pub fn given_options(m: &ArgMatches) -> Vec<String> {
    m.get_many::<String>("option")
        .into_iter()
        .flatten()
        .cloned()
        .collect()
}

/// Runs `saikoro play` as `m` asks, in `locale`.
pub fn run(m: &ArgMatches, locale: Locale) -> Result<(), Halt> {
    if let Some(file) = m.get_one::<PathBuf>("from") {
        return play_from(file, m, locale);
    }
    let (game, m) = m.subcommand().expect("a game or --from is required");
    play(
        GameKind::from_id(game).expect("subcommands are the games"),
        m,
        locale,
    )
}

fn play(kind: GameKind, m: &ArgMatches, locale: Locale) -> Result<(), Halt> {
    let tr = Tr::new(locale, &[]);
    let options = game_options(kind, &given_options(m), &tr)?;
    let players = m.get_one::<String>("players").expect("required");
    let (players, names) = super::parse_players(kind, players, &tr)?;
    let dice = match m.get_one::<String>("dice") {
        Some(d) => crate::engine::dice::parse_dice_list(d, kind.die_faces()).map_err(|face| {
            let msg = Msg::new("cli-dice-face")
                .arg("face", face)
                .arg("game", tr.t(&format!("{}-name", kind.id())))
                .arg("faces", kind.die_faces());
            tr.msg(&msg)
        })?,
        None => vec![],
    };
    let seed = m.get_one::<u64>("seed").copied().unwrap_or_else(rand::random);
    let format = *m.get_one::<Format>("format").expect("has a default");
    let header = Msg::new("cli-header")
        .arg("game", tr.t(&format!("{}-name", kind.id())))
        .arg("seed", seed);
    let start = Start {
        game: kind.id(),
        seed,
        from: None,
    };
    let cfg = PlayConfig {
        kind,
        players,
        names,
        options,
        seed,
        dice,
        format,
        locale,
    };
    let first = start.line(format, &tr.msg(&header));
    play_headed(Some(first), |input, out| super::play(cfg, input, out).map(|_| ()))
}

/// `saikoro play --from FILE [--at MOVE]`.
fn play_from(file: &Path, m: &ArgMatches, locale: Locale) -> Result<(), Halt> {
    let tr = Tr::new(locale, &[]);
    let record = super::record::read_record(file, &tr)?;
    let seed = m.get_one::<u64>("seed").copied().unwrap_or_else(rand::random);
    let format = m.get_one::<Format>("format").copied().unwrap_or(Format::Text);
    let header = Msg::new("cli-header-from")
        .arg("game", tr.t(&format!("{}-name", record.game)))
        .arg("file", file.display().to_string())
        .arg("seed", seed);
    let start = Start {
        game: &record.game,
        seed,
        from: Some(file),
    };
    let first = start.line(format, &tr.msg(&header));
    let resume = Resume {
        record: &record,
        at: m.get_one::<usize>("at").copied(),
        seed,
        format,
        locale,
    };
    play_headed(Some(first), |input, out| {
        super::play_from(resume, input, out).map(|_| ())
    })
}

/// What a game played here began with, said first: the header in text, and in JSON a line of
/// its own (`{"start": …}`, `docs/json.md`) so a script can play a random game again.
struct Start<'a> {
    game: &'a str,
    seed: u64,
    from: Option<&'a Path>,
}

impl Start<'_> {
    /// The first line in `format`, `header` being the text's.
    fn line(&self, format: Format, header: &str) -> String {
        match format {
            Format::Text => header.to_owned(),
            // The seed as digits: past 2^53 a script's floating-point number would round it.
            Format::Json => {
                let mut start = serde_json::json!({ "game": self.game, "seed": self.seed.to_string() });
                if let Some(from) = self.from {
                    start["from"] = from.display().to_string().into();
                }
                serde_json::json!({ "start": start }).to_string()
            }
        }
    }
}

/// Plays on stdin and stdout, with `header` first in text; a closed output is no failure.
pub(super) fn run_game(
    format: Format,
    header: &str,
    game: impl FnOnce(&mut dyn std::io::BufRead, &mut dyn std::io::Write) -> Result<(), Halt>,
) -> Result<(), Halt> {
    play_headed((format == Format::Text).then(|| header.to_owned()), game)
}

/// Plays on stdin and stdout with `first` written just before the game's first output, so a
/// game refused before it begins (an option the game turns down, `--at` past the record, a
/// record that does not replay) prints only its error.
fn play_headed(
    first: Option<String>,
    game: impl FnOnce(&mut dyn std::io::BufRead, &mut dyn std::io::Write) -> Result<(), Halt>,
) -> Result<(), Halt> {
    let stdin = std::io::stdin();
    let mut out = Headed {
        first,
        out: std::io::stdout(),
    };
    game(&mut stdin.lock(), &mut out)
}

/// A writer that writes its first line before anything else, and only then.
struct Headed<W> {
    first: Option<String>,
    out: W,
}

impl<W: std::io::Write> std::io::Write for Headed<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Some(first) = self.first.take() {
            writeln!(self.out, "{first}")?;
        }
        self.out.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}
