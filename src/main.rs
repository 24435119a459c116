use anyhow::Context;
use clap::{Arg, ArgAction, ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};
use saikoro::config::Config;
use saikoro::console::{self, Format, PlayConfig};
use saikoro::engine::{Locale, Tr, options};
use saikoro::games::GameKind;
use saikoro::redact::redact;
use std::path::PathBuf;

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
        "List a finished game's decisions where the strong bot would have chosen otherwise, with \
         what each cost, costliest first (games with a coach: {})",
        game_ids(GameKind::coached)
    ))]
    Review(Review),
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
    fn record(&self, config: &std::path::Path, explicit: bool) -> anyhow::Result<console::record::Record> {
        let url = match &self.database {
            Some(url) => url.clone(),
            None => {
                Config::load(config, explicit)
                    .map_err(anyhow::Error::msg)?
                    .database_url
            }
        };
        let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
        runtime
            .block_on(console::record::load(&url, self.id))
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("reading game {}", self.id))
    }
}

impl Review {
    /// The record to review: the file's, or the stored game's.
    fn record(self, config: &std::path::Path, explicit: bool) -> anyhow::Result<console::record::Record> {
        let Some(file) = self.file else {
            let id = self.id.context("a game id or --file is required")?;
            let stored = Stored {
                id,
                database: self.database,
            };
            return stored.record(config, explicit);
        };
        let text = std::fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?;
        serde_json::from_str(&text)
            .with_context(|| format!("{} is not a record from `saikoro export`", file.display()))
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

/// `saikoro play <game>`'s own arguments, with the game's options listed after its help.
fn game_play_command(kind: GameKind, tr: &Tr) -> clap::Command {
    clap::Command::new(kind.id())
        .about(tr.t(&format!("{}-name", kind.id())))
        .after_help(options_help(kind, tr))
        .arg(
            Arg::new("players")
                .long("players")
                .required(true)
                .help("Comma-separated players in seating order, e.g. `ann,ben` or `ann,bot:strong`"),
        )
        .arg(
            Arg::new("seed")
                .long("seed")
                .value_parser(clap::value_parser!(u64))
                .help("Seed for the dice (random when omitted; printed so a game can be replayed)"),
        )
        .arg(
            Arg::new("dice")
                .long("dice")
                .help("Dice to use first, in order (e.g. `1,5,4,6`), then the seed's"),
        )
        .arg(
            Arg::new("format")
                .long("format")
                .value_parser(clap::builder::EnumValueParser::<Format>::new())
                .default_value("text"),
        )
        .arg(
            Arg::new("option")
                .long("option")
                .action(ArgAction::Append)
                .value_name("KEY=VALUE")
                .help("A game option (repeatable); a file option takes the file's path"),
        )
}

/// A game's options, one line each: key, description, what it allows and its default.
fn options_help(kind: GameKind, tr: &Tr) -> String {
    let options: Vec<String> = kind
        .options()
        .iter()
        .map(|spec| {
            format!(
                "  {:<16} {} [{}; default {}]",
                spec.key,
                tr.t(&spec.description_id(kind.id())),
                spec.allowed(),
                match spec.kind {
                    saikoro::engine::OptionKind::File { .. } => "built in".to_owned(),
                    _ => spec.default_value().to_string(),
                }
            )
        })
        .collect();
    if options.is_empty() {
        "This game has no options.".to_owned()
    } else {
        format!("Game options (--option key=value):\n{}", options.join("\n"))
    }
}

/// `saikoro play <game>`: one subcommand per registered game, so `saikoro play <game> --help`
/// lists that game's own options.
fn play_command() -> clap::Command {
    let tr = Tr::new(Locale::En, &[]);
    let games = GameKind::ALL.iter().map(|&kind| game_play_command(kind, &tr));
    clap::Command::new("play")
        .about("Play a game in this terminal: hot-seat, against bots (`bot:strong`), or bots only")
        .arg_required_else_help(true)
        .args_conflicts_with_subcommands(true)
        .subcommands(games)
        .arg(
            Arg::new("from")
                .long("from")
                .value_name("FILE")
                .value_parser(clap::value_parser!(PathBuf))
                .help("Continue a game written by `saikoro export` (its people play here, its bots again)"),
        )
        .arg(
            Arg::new("at")
                .long("at")
                .value_name("MOVE")
                .requires("from")
                .value_parser(clap::value_parser!(usize))
                .help("Continue after this many of the record's moves (default: all of them)"),
        )
        .arg(
            Arg::new("seed")
                .long("seed")
                .requires("from")
                .value_parser(clap::value_parser!(u64))
                .help("Seed for the dice from there on (random when omitted)"),
        )
        .arg(
            Arg::new("format")
                .long("format")
                .requires("from")
                .value_parser(clap::builder::EnumValueParser::<Format>::new()),
        )
}

/// The game options given with `--option key=value`, checked against the game's declarations.
fn game_options(kind: GameKind, given: &[String]) -> anyhow::Result<serde_json::Value> {
    let tr = Tr::new(Locale::En, &[]);
    let mut options = serde_json::Map::new();
    for text in given {
        let (key, value) = text.split_once('=').unwrap_or((text, ""));
        let spec = kind.options().iter().find(|s| s.key == key.trim());
        // A file option names a file; the game reads its contents.
        let text = match spec.map(|s| s.kind) {
            Some(saikoro::engine::OptionKind::File { .. }) => {
                let contents = std::fs::read_to_string(value.trim())
                    .with_context(|| format!("reading `{}` for --option {key}", value.trim()))?;
                format!("{key}={contents}")
            }
            _ => text.clone(),
        };
        let (key, value) = options::parse_assignment(kind.options(), &text)
            .map_err(|m| anyhow::anyhow!("--option {}: {}", text.lines().next().unwrap_or(""), tr.msg(&m)))?;
        options.insert(key.to_owned(), value);
    }
    Ok(options.into())
}

fn play(kind: GameKind, m: &ArgMatches) -> anyhow::Result<()> {
    let given: Vec<String> = m
        .get_many::<String>("option")
        .into_iter()
        .flatten()
        .cloned()
        .collect();
    let options = game_options(kind, &given)?;
    let players = m.get_one::<String>("players").expect("required");
    let (players, names) = console::parse_players(kind, players).map_err(anyhow::Error::msg)?;
    let dice = match m.get_one::<String>("dice") {
        Some(d) => saikoro::engine::dice::parse_dice_list(d).map_err(anyhow::Error::msg)?,
        None => vec![],
    };
    let seed = m.get_one::<u64>("seed").copied().unwrap_or_else(rand::random);
    let format = *m.get_one::<Format>("format").expect("has a default");
    if format == Format::Text {
        println!("{} — seed {seed} (replay with --seed {seed})", kind.id());
    }
    let cfg = PlayConfig {
        kind,
        players,
        names,
        options,
        seed,
        dice,
        format,
    };
    let stdin = std::io::stdin();
    console::play(cfg, &mut stdin.lock(), &mut std::io::stdout()).map_err(anyhow::Error::msg)?;
    Ok(())
}

/// `saikoro play --from FILE [--at MOVE]`.
fn play_from(file: &std::path::Path, m: &ArgMatches) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let record: console::record::Record = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a record written by `saikoro export`", file.display()))?;
    let seed = m.get_one::<u64>("seed").copied().unwrap_or_else(rand::random);
    let format = m.get_one::<Format>("format").copied().unwrap_or(Format::Text);
    if format == Format::Text {
        println!("{} from {} — seed {seed}", record.game, file.display());
    }
    let stdin = std::io::stdin();
    console::play_from(
        &record,
        m.get_one::<usize>("at").copied(),
        seed,
        format,
        &mut stdin.lock(),
        &mut std::io::stdout(),
    )
    .map_err(anyhow::Error::msg)?;
    Ok(())
}

fn render(game: &str, seed: u64, moves: usize, players: usize, out: Option<PathBuf>) -> anyhow::Result<()> {
    let kind = GameKind::from_id(game).ok_or_else(|| {
        let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
        anyhow::anyhow!("no game `{game}` (games: {})", games.join(", "))
    })?;
    let (game, names) = console::position(kind, players, seed, moves).map_err(anyhow::Error::msg)?;
    let tr = Tr::new(Locale::En, &names);
    let view = game.view(None, "", &tr);
    print!("{}", view.to_embed_text());
    if let Some(path) = out {
        let picture = game
            .picture("", &tr)
            .ok_or_else(|| anyhow::anyhow!("`{}` has no board picture yet", kind.id()))?;
        std::fs::write(&path, picture.png).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// Errors end the program with one clear line (and its causes), never a backtrace.
fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", redact(&format!("{e:#}")));
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> anyhow::Result<()> {
    let logs = saikoro::logging::init();
    let matches = Cli::command().subcommand(play_command()).get_matches();
    if let Some(("play", m)) = matches.subcommand() {
        if let Some(file) = m.get_one::<PathBuf>("from") {
            return play_from(file, m);
        }
        let (game, m) = m.subcommand().expect("a game or --from is required");
        return play(GameKind::from_id(game).expect("subcommands are the games"), m);
    }
    let cli = Cli::from_arg_matches(&matches)?;
    let explicit_config = matches.value_source("config") != Some(clap::parser::ValueSource::DefaultValue);
    match cli.command.unwrap_or(Command::Run(RunArgs::default())) {
        Command::Render {
            game,
            seed,
            moves,
            players,
            out,
            pictures,
        } => match console::render::run(&pictures, game.as_deref(), out.as_deref()) {
            Some(done) => done,
            None => render(game.as_deref().unwrap_or_default(), seed, moves, players, out),
        },
        Command::CheckConfig => {
            let cfg = Config::load(&cli.config, explicit_config).map_err(anyhow::Error::msg)?;
            println!("configuration OK: {}", redact(&format!("{cfg:?}")));
            if cfg.token.is_none() {
                println!("note: no token configured; `saikoro run` will explain how to get one");
            }
            Ok(())
        }
        Command::Replay(source) => {
            let record = source.record(&cli.config, explicit_config)?;
            println!(
                "{}",
                console::record::replay_text(&record).map_err(anyhow::Error::msg)?
            );
            Ok(())
        }
        Command::Review(review) => {
            let record = review.record(&cli.config, explicit_config)?;
            println!(
                "{}",
                console::record::review_text(&record).map_err(anyhow::Error::msg)?
            );
            Ok(())
        }
        Command::Export(source) => {
            let from_file = source.file.is_some();
            let record = source.record(&cli.config, explicit_config)?;
            if from_file {
                record.rebuild(record.actions.len()).map_err(anyhow::Error::msg)?;
            }
            println!("{}", serde_json::to_string_pretty(&record)?);
            Ok(())
        }
        Command::Migrate(args) => console::migrate::migrate(&args),
        Command::Backup(args) => {
            let url = match args.database {
                Some(url) => url,
                None => {
                    Config::load(&cli.config, explicit_config)
                        .map_err(anyhow::Error::msg)?
                        .database_url
                }
            };
            console::migrate::backup(&url, &args.out)
        }
        Command::Health(args) => {
            let configured = match &args.addr {
                Some(_) => String::new(),
                None => {
                    Config::load(&cli.config, explicit_config)
                        .map_err(anyhow::Error::msg)?
                        .metrics_addr
                }
            };
            console::health::check(&args, &configured)
        }
        Command::Run(args) => run_bot(&cli.config, explicit_config, args, &logs),
    }
}

/// `saikoro run`: the Discord bot, until it is stopped.
fn run_bot(
    config: &std::path::Path,
    explicit_config: bool,
    args: RunArgs,
    logs: &saikoro::logging::Logs,
) -> anyhow::Result<()> {
    let mut cfg = Config::load(config, explicit_config)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("reading the configuration ({})", config.display()))?;
    cfg.set_shards(args.shards, args.shard_total)
        .map_err(anyhow::Error::msg)
        .context("checking --shards and --shard-total")?;
    logs.set_format(cfg.log_format);
    if cfg.token.is_none() {
        let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
        eprintln!(
            "{NO_TOKEN}\n(games: {}; `play <game> --help` lists a game's options)",
            games.join(", ")
        );
        std::process::exit(2);
    }
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    runtime.block_on(saikoro::discord::run(cfg))
}

const NO_TOKEN: &str = "\
saikoro needs a Discord bot token to run, and none is configured.

1. Open https://discord.com/developers/applications and create a New Application.
2. Bot → Reset Token, copy it, and start saikoro with it:
       DISCORD_TOKEN=... cargo run --release
   (or put `token = \"...\"` in config.toml, or name a file holding it with
   `token_file`; see config.example.toml).
3. OAuth2 → URL Generator: scopes `bot` and `applications.commands`; bot permissions
   View Channels, Send Messages, Send Messages in Threads, Embed Links, Read Message History.
   Open the generated URL to invite the bot to your server.

Meanwhile, try the games in this terminal:
    cargo run --release -- play cantstop --players ann,ben
    cargo run --release -- play cantstop --players you,bot:strong
    cargo run --release -- play ninja --players you,bot:normal";
