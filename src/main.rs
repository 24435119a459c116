use anyhow::Context;
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};
use saikoro::config::Config;
use saikoro::console::{self, Format, PlayConfig};
use saikoro::games::GameKind;
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
    Run,
    /// Play a game in this terminal: hot-seat, against bots (`bot:strong`), or bots only.
    Play {
        game: GameKind,
        /// Comma-separated players in seating order, e.g. `ann,ben` or `ann,bot:strong`.
        #[arg(long)]
        players: String,
        /// Seed for the dice (random when omitted; printed so a game can be replayed).
        #[arg(long)]
        seed: Option<u64>,
        /// Dice to use first, in order (e.g. `1,5,4,6`), then the seed's.
        #[arg(long)]
        dice: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Check the configuration and say what is wrong with it.
    CheckConfig,
}

/// Every game's on/off options become `play` flags (`--marker-limit`, …), checked per game.
fn switch_flag(name: &str) -> String {
    name.replace('_', "-")
}

fn cli() -> clap::Command {
    let mut switches: Vec<&str> = GameKind::ALL.iter().flat_map(|k| k.switches()).copied().collect();
    switches.sort_unstable();
    switches.dedup();
    Cli::command().mut_subcommand("play", |mut play| {
        for s in switches {
            let owners: Vec<&str> = GameKind::ALL
                .iter()
                .filter(|k| k.switches().contains(&s))
                .map(|k| k.id())
                .collect();
            play = play.arg(
                clap::Arg::new(s)
                    .long(switch_flag(s))
                    .action(clap::ArgAction::SetTrue)
                    .help(format!("Game option for {}", owners.join(", "))),
            );
        }
        play
    })
}

fn switches(kind: GameKind, matches: &ArgMatches) -> anyhow::Result<serde_json::Value> {
    let mut options = serde_json::Map::new();
    for id in matches.ids() {
        let name = id.as_str();
        let is_switch = GameKind::ALL.iter().any(|k| k.switches().contains(&name));
        if is_switch && matches.get_flag(name) {
            anyhow::ensure!(
                kind.switches().contains(&name),
                "--{} is not an option of {}",
                switch_flag(name),
                kind.id()
            );
            options.insert(name.to_owned(), true.into());
        }
    }
    Ok(options.into())
}

/// Errors end the program with one clear line (and its causes), never a backtrace.
fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("saikoro=info,warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let matches = cli().get_matches();
    let cli = Cli::from_arg_matches(&matches)?;
    let explicit_config = matches.value_source("config") != Some(clap::parser::ValueSource::DefaultValue);
    match cli.command.unwrap_or(Command::Run) {
        Command::Play {
            game,
            players,
            seed,
            dice,
            format,
        } => {
            let play_matches = matches.subcommand_matches("play").expect("play was parsed");
            let options = switches(game, play_matches)?;
            let (players, names) = console::parse_players(game, &players).map_err(anyhow::Error::msg)?;
            let dice = match dice {
                Some(d) => saikoro::engine::dice::parse_dice_list(&d).map_err(anyhow::Error::msg)?,
                None => vec![],
            };
            let seed = seed.unwrap_or_else(rand::random);
            if format == Format::Text {
                println!("{} — seed {seed} (replay with --seed {seed})", game.id());
            }
            let cfg = PlayConfig {
                kind: game,
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
        Command::CheckConfig => {
            let cfg = Config::load(&cli.config, explicit_config).map_err(anyhow::Error::msg)?;
            println!("configuration OK: {cfg:?}");
            if cfg.token.is_none() {
                println!("note: no token configured; `saikoro run` will explain how to get one");
            }
            Ok(())
        }
        Command::Run => {
            let cfg = Config::load(&cli.config, explicit_config)
                .map_err(anyhow::Error::msg)
                .with_context(|| format!("reading the configuration ({})", cli.config.display()))?;
            if cfg.token.is_none() {
                eprintln!("{}", NO_TOKEN);
                std::process::exit(2);
            }
            let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
            runtime.block_on(saikoro::discord::run(cfg))
        }
    }
}

const NO_TOKEN: &str = "\
saikoro needs a Discord bot token to run, and none is configured.

1. Open https://discord.com/developers/applications and create a New Application.
2. Bot → Reset Token, copy it, and start saikoro with it:
       DISCORD_TOKEN=... cargo run --release
   (or put `token = \"...\"` in config.toml; see config.example.toml).
3. OAuth2 → URL Generator: scopes `bot` and `applications.commands`; bot permissions
   View Channels, Send Messages, Send Messages in Threads, Embed Links, Read Message History.
   Open the generated URL to invite the bot to your server.

Meanwhile, try the games in this terminal:
    cargo run --release -- play cantstop --players ann,ben
    cargo run --release -- play cantstop --players you,bot:strong";
