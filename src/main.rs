use anyhow::Context;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use saikoro::config::Config;
use saikoro::console::{self, Halt, command, lang};
use saikoro::engine::{Locale, Msg, Tr};
use saikoro::games::GameKind;
use saikoro::redact::redact;
use std::path::PathBuf;

/// See the dependency's comment in `Cargo.toml`: allocation is most of a click's decoding.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "saikoro",
    version,
    about = "Dice board games for Discord — and your terminal"
)]
struct Cli {
    /// Configuration file.
    #[arg(long, global = true, env = "SAIKORO_CONFIG", default_value = "config.toml")]
    config: PathBuf,
    /// The language of the terminal (default: LC_ALL, LC_MESSAGES or LANG, else English).
    #[arg(long, global = true, value_enum)]
    lang: Option<lang::Lang>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (the default).
    Run(RunArgs),
    /// Check the configuration and say what is wrong with it.
    CheckConfig,
    /// Print a stored game (or a record, `--file`) move by move, rebuilt from its log.
    Replay(Review),
    /// Write a stored game's record as JSON: game, options, seats, dice and actions (with
    /// `--file`, a record checked: it is written again only if it replays).
    Export(Review),
    /// Copy every table of a SQLite database into PostgreSQL in batches, then check counts and
    /// checksums; run it again to resume an interrupted copy.
    Migrate(console::migrate::MigrateArgs),
    /// Write a consistent copy of the live SQLite database (PostgreSQL: says how).
    Backup(console::migrate::BackupArgs),
    /// Ask the running bot whether it is up (`--ready`: ready to serve), for health checks.
    Health(console::health::HealthArgs),
    // The games are named from the registry, so a new game needs no line here.
    #[command(about = format!(
        "List a finished game's decisions where the coach would have chosen otherwise, with what \
         each cost and how it was measured, costliest first (games with a coach: {})",
        game_ids(GameKind::coached)
    ))]
    Review(Review),
    /// Puzzles: `puzzles generate GAME --count N` fills the configured database.
    #[command(subcommand)]
    Puzzles(console::puzzles::PuzzlesCommand),
    /// Play the day's puzzle of a game from the local store, for practice (not recorded).
    Puzzle(console::puzzle::PuzzleArgs),
    /// Draw the board after some moves of a seeded game between bots, as Discord shows it.
    Render {
        #[arg(help = format!("The game ({})", game_ids(|_| true)), required_unless_present_any = ["sheet", "from"])]
        game: Option<String>,
        /// Seed for the dice and the bots: the same seed gives the same game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many actions to play before drawing.
        #[arg(long, default_value_t = 0)]
        moves: usize,
        /// Number of players.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Also write the board picture to this PNG file.
        #[arg(long)]
        out: Option<PathBuf>,
        #[command(flatten)]
        pictures: console::render::PictureArgs,
        /// A game option (repeatable), as with `play`.
        #[arg(long, value_name = "KEY=VALUE")]
        option: Vec<String>,
    },
}

#[derive(clap::Args, Default)]
struct RunArgs {
    /// The Discord shards this process runs: `first-last` (inclusive) or one number
    /// (default: the configuration's `shards`, else all). Several processes need PostgreSQL.
    #[arg(long, value_name = "FIRST-LAST")]
    shards: Option<String>,
    /// How many shards the bot has in all, across every process (default: `shard_total`, else 1).
    #[arg(long, value_name = "N")]
    shard_total: Option<u32>,
}

#[derive(clap::Args)]
struct Stored {
    /// The game's id (`/saikoro history` lists them).
    id: i64,
    /// The database (default: the configuration's).
    #[arg(long)]
    database: Option<String>,
}

#[derive(clap::Args)]
struct Review {
    /// The stored game's id (or give `--file`).
    #[arg(required_unless_present = "file")]
    id: Option<i64>,
    /// The database (default: the configuration's).
    #[arg(long)]
    database: Option<String>,
    /// A record written by `saikoro export`, instead of a stored game.
    #[arg(long, conflicts_with_all = ["id", "database"])]
    file: Option<PathBuf>,
}

impl Stored {
    /// Loads the game's record, from `--database` or the configured database.
    fn record(
        &self,
        config: &std::path::Path,
        explicit: bool,
        locale: Locale,
    ) -> anyhow::Result<console::record::Record> {
        let url = match &self.database {
            Some(url) => url.clone(),
            None => configured(config, explicit, locale)?.database_url,
        };
        let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
        runtime
            .block_on(console::record::load(&url, self.id, locale))
            .map_err(anyhow::Error::msg)
            .with_context(|| Tr::new(locale, &[]).msg(&Msg::new("cli-reading-game").arg("id", self.id)))
    }
}

impl Review {
    /// The record to review: the file's, or the stored game's.
    fn record(
        self,
        config: &std::path::Path,
        explicit: bool,
        locale: Locale,
    ) -> anyhow::Result<console::record::Record> {
        let Some(file) = self.file else {
            let id = self.id.context("a game id or --file is required")?;
            let stored = Stored {
                id,
                database: self.database,
            };
            return stored.record(config, explicit, locale);
        };
        console::record::read_record(&file, &Tr::new(locale, &[])).map_err(anyhow::Error::msg)
    }
}

/// The registered games that `keep` accepts, by id, for help texts.
fn game_ids(keep: impl Fn(GameKind) -> bool) -> String {
    let ids: Vec<&str> = GameKind::ALL
        .iter()
        .copied()
        .filter(|&k| keep(k))
        .map(GameKind::id)
        .collect();
    ids.join(", ")
}

/// `saikoro render`'s choices beside the game's name.
struct RenderAsked {
    seed: u64,
    moves: usize,
    players: usize,
    out: Option<PathBuf>,
    options: Vec<String>,
    locale: Locale,
}

fn render(game: &str, asked: RenderAsked) -> anyhow::Result<()> {
    let blank = Tr::new(asked.locale, &[]);
    let kind = GameKind::from_id(game).ok_or_else(|| {
        let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
        let msg = Msg::new("cli-no-game")
            .arg("game", game)
            .arg("games", games.join(", "));
        anyhow::anyhow!(blank.msg(&msg))
    })?;
    let options = command::game_options(kind, &asked.options, &blank).map_err(anyhow::Error::msg)?;
    let (game, names) = console::position(kind, &options, asked.players, asked.seed, asked.moves, &blank)
        .map_err(anyhow::Error::msg)?;
    let tr = Tr::new(asked.locale, &names);
    let view = game.view(None, "", &tr);
    print!("{}", view.to_embed_text());
    if let Some(path) = asked.out {
        let picture = game
            .picture("", &tr)
            .ok_or_else(|| anyhow::anyhow!(tr.msg(&Msg::new("cli-no-picture").arg("game", kind.id()))))?;
        std::fs::write(&path, picture.png).with_context(|| format!("{}", path.display()))?;
    }
    Ok(())
}

/// Errors end the program with one clear line (and its causes), in the user's language, never
/// a backtrace; a closed output (`play … | head`) is no error.
fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let locale = lang::from_args(&args);
    match run(locale) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) if is_closed_pipe(&e) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            let tr = Tr::new(locale, &[]);
            eprintln!("{} {}", tr.t("cli-error"), redact(&format!("{e:#}")));
            std::process::ExitCode::FAILURE
        }
    }
}

fn is_closed_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Prints `text` and a newline (a closed output surfaces as an error that `main` forgives).
fn emit(text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")?;
    out.flush()?;
    Ok(())
}

fn run(locale: Locale) -> anyhow::Result<()> {
    let logs = saikoro::logging::init();
    let matches = Cli::command()
        .subcommand(command::play_command(locale))
        .subcommand(console::daily::daily_command(locale))
        .get_matches();
    // `--lang` may follow the game's name, where only the leaf's matches hold it: the
    // language read from the arguments before parsing serves `play` whole.
    let played = match matches.subcommand() {
        Some(("play", m)) => Some(command::run(m, locale)),
        Some(("daily", m)) => Some(console::daily::run(m, locale)),
        _ => None,
    };
    if let Some(played) = played {
        return halted(played);
    }
    let cli = Cli::from_arg_matches(&matches)?;
    let locale = lang::locale(cli.lang);
    let explicit_config = matches.value_source("config") != Some(clap::parser::ValueSource::DefaultValue);
    match cli.command.unwrap_or(Command::Run(RunArgs::default())) {
        Command::Render {
            game,
            seed,
            moves,
            players,
            out,
            pictures,
            option,
        } => match console::render::run(&pictures, game.as_deref(), out.as_deref(), locale) {
            Some(done) => done,
            None => render(
                game.as_deref().unwrap_or_default(),
                RenderAsked {
                    seed,
                    moves,
                    players,
                    out,
                    options: option,
                    locale,
                },
            ),
        },
        Command::CheckConfig => check_config(&cli.config, explicit_config, locale),
        Command::Replay(source) => {
            let record = source.record(&cli.config, explicit_config, locale)?;
            emit(&console::record::replay_text(&record, locale).map_err(anyhow::Error::msg)?)
        }
        Command::Review(review) => {
            let record = review.record(&cli.config, explicit_config, locale)?;
            emit(&console::record::review_text(&record, locale).map_err(anyhow::Error::msg)?)
        }
        Command::Export(source) => export(source, &cli.config, explicit_config, locale),
        Command::Puzzles(console::puzzles::PuzzlesCommand::Generate(args)) => {
            let url = database(args.database.as_deref(), &cli.config, explicit_config, locale)?;
            halted(console::puzzles::generate(
                &args,
                &url,
                now(),
                &Tr::new(locale, &[]),
            ))
        }
        Command::Puzzle(args) => {
            let url = database(args.database.as_deref(), &cli.config, explicit_config, locale)?;
            puzzle(&args, &url, locale)
        }
        Command::Migrate(args) => console::migrate::migrate(&args),
        Command::Backup(args) => {
            let url = database(args.database.as_deref(), &cli.config, explicit_config, locale)?;
            console::migrate::backup(&url, &args.out, &Tr::new(locale, &[]))
        }
        Command::Health(args) => {
            let addr = match &args.addr {
                Some(addr) => addr.clone(),
                None => configured(&cli.config, explicit_config, locale)?.metrics_addr,
            };
            console::health::check(&args, &addr, &Tr::new(locale, &[]))
        }
        Command::Run(args) => run_bot(&cli.config, explicit_config, args, &logs, locale),
    }
}

/// `saikoro export`: the record as JSON; a file given is first replayed, so a broken one is
/// refused rather than passed on.
fn export(source: Review, config: &std::path::Path, explicit: bool, locale: Locale) -> anyhow::Result<()> {
    let from_file = source.file.is_some();
    let record = source.record(config, explicit, locale)?;
    if from_file {
        record
            .rebuild(record.actions.len(), locale)
            .map_err(anyhow::Error::msg)?;
    }
    emit(&serde_json::to_string_pretty(&record)?)
}

/// `saikoro puzzle`: today's puzzle, answered at the terminal.
fn puzzle(args: &console::puzzle::PuzzleArgs, url: &str, locale: Locale) -> anyhow::Result<()> {
    let today = saikoro::engine::day::Day::of_unix(now()).context("the clock is before day #1")?;
    let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
    halted(console::puzzle::run(
        args,
        url,
        today,
        &Tr::new(locale, &[]),
        &mut stdin.lock(),
        &mut stdout.lock(),
    ))
}

/// The database asked for, else the configuration's.
fn database(
    asked: Option<&str>,
    config: &std::path::Path,
    explicit: bool,
    locale: Locale,
) -> anyhow::Result<String> {
    match asked {
        Some(url) => Ok(url.to_owned()),
        None => Ok(configured(config, explicit, locale)?.database_url),
    }
}

/// Now in Unix seconds.
fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// A console run's end: a closed output is no failure.
fn halted(done: Result<(), Halt>) -> anyhow::Result<()> {
    match done {
        Ok(()) | Err(Halt::Closed) => Ok(()),
        Err(Halt::Failed(why)) => Err(anyhow::Error::msg(why)),
    }
}

/// The configuration, or every problem it has in the user's language.
fn configured(path: &std::path::Path, explicit: bool, locale: Locale) -> anyhow::Result<Config> {
    Config::load(path, explicit).map_err(|refusal| anyhow::Error::msg(refusal.words(&Tr::new(locale, &[]))))
}

/// `saikoro check-config`: every problem of the file, or a short summary of what it sets.
fn check_config(path: &std::path::Path, explicit: bool, locale: Locale) -> anyhow::Result<()> {
    let cfg = configured(path, explicit, locale)?;
    emit(&cfg.summary(path, &Tr::new(locale, &[])))
}

/// `saikoro run`: the Discord bot, until it is stopped.
fn run_bot(
    config: &std::path::Path,
    explicit_config: bool,
    args: RunArgs,
    logs: &saikoro::logging::Logs,
    locale: Locale,
) -> anyhow::Result<()> {
    // The same checks as `check-config`, so a bad file is refused with the same list.
    let mut cfg = configured(config, explicit_config, locale)?;
    cfg.set_shards(args.shards, args.shard_total, &Tr::new(locale, &[]))
        .map_err(anyhow::Error::msg)?;
    logs.set_format(cfg.log_format);
    if cfg.token.is_none() {
        let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
        let tr = Tr::new(locale, &[]);
        eprintln!(
            "{}",
            tr.msg(&Msg::new("cli-no-token").arg("games", games.join(", ")))
        );
        std::process::exit(2);
    }
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    runtime.block_on(saikoro::discord::run(cfg))
}
