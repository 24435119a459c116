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
                let contents = std::fs::read_to_string(value.trim()).map_err(|e| {
                    let msg = Msg::new("cli-option-file")
                        .arg("file", value.trim())
                        .arg("key", key);
                    format!("{}: {e}", tr.msg(&msg))
                })?;
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
        Some(d) => crate::engine::dice::parse_dice_list(d)
            .map_err(|face| tr.msg(&Msg::new("cli-dice-face").arg("face", face)))?,
        None => vec![],
    };
    let seed = m.get_one::<u64>("seed").copied().unwrap_or_else(rand::random);
    let format = *m.get_one::<Format>("format").expect("has a default");
    // The game's own checks of its options come before the header, so a refused option
    // prints only its error (a trial set-up; the game itself is set up on the real dice).
    kind.new_game(&options, players.len(), &mut crate::engine::SeededDice::new(seed))
        .map_err(|e| tr.msg(&e.msg()))?;
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
    let header = Msg::new("cli-header")
        .arg("game", tr.t(&format!("{}-name", kind.id())))
        .arg("seed", seed);
    run_game(format, &tr.msg(&header), |input, out| {
        super::play(cfg, input, out).map(|_| ())
    })
}

/// `saikoro play --from FILE [--at MOVE]`.
fn play_from(file: &Path, m: &ArgMatches, locale: Locale) -> Result<(), Halt> {
    let tr = Tr::new(locale, &[]);
    let not_record = || tr.msg(&Msg::new("cli-not-record").arg("file", file.display().to_string()));
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let record: super::record::Record =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", not_record()))?;
    let seed = m.get_one::<u64>("seed").copied().unwrap_or_else(rand::random);
    let format = m.get_one::<Format>("format").copied().unwrap_or(Format::Text);
    let header = Msg::new("cli-header-from")
        .arg("game", tr.t(&format!("{}-name", record.game)))
        .arg("file", file.display().to_string())
        .arg("seed", seed);
    let resume = Resume {
        record: &record,
        at: m.get_one::<usize>("at").copied(),
        seed,
        format,
        locale,
    };
    run_game(format, &tr.msg(&header), |input, out| {
        super::play_from(resume, input, out).map(|_| ())
    })
}

/// Plays on stdin and stdout, with `header` first in text; a closed output is no failure.
pub(super) fn run_game(
    format: Format,
    header: &str,
    game: impl FnOnce(&mut dyn std::io::BufRead, &mut dyn std::io::Write) -> Result<(), Halt>,
) -> Result<(), Halt> {
    use std::io::Write;
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    if format == Format::Text && writeln!(stdout, "{header}").is_err() {
        return Err(Halt::Closed);
    }
    game(&mut stdin.lock(), &mut stdout)
}
