//! `saikoro daily cantstop`: a practice round of a day's Can't Stop in the terminal, through the
//! same play loop as `saikoro play`. Its dice are keyed by the public [`PRACTICE_SECRET`], never
//! by a deployment's secret, so practice shows nothing of a server's daily; nothing is stored.

use super::{Format, Halt, Player, Sitting, command::run_game, parse_players};
use crate::engine::day::{Day, DayError};
use crate::engine::{AnyGame, Locale, Msg, Tr};
use crate::games::GameKind;
use clap::{Arg, ArgMatches};
use saikoro_core::daily::{self, DailyDice, PRACTICE_SECRET, Tally};
use std::io::{BufRead, Write};

/// `saikoro daily`, its help in `locale`.
pub fn daily_command(locale: Locale) -> clap::Command {
    let tr = Tr::new(locale, &[]);
    let cantstop = clap::Command::new("cantstop")
        .about(tr.t("daily-cli-about"))
        .arg(
            Arg::new("date")
                .long("date")
                .value_name("YYYY-MM-DD")
                .help(tr.t("daily-cli-date")),
        )
        .arg(
            Arg::new("players")
                .long("players")
                .value_name("NAME|bot:LEVEL")
                .default_value("you")
                .help(tr.t("daily-cli-players")),
        )
        .arg(
            Arg::new("format")
                .long("format")
                .value_parser(clap::builder::EnumValueParser::<Format>::new())
                .default_value("text")
                .help(tr.t("cli-arg-format")),
        );
    clap::Command::new("daily")
        .about(tr.t("daily-cli-about"))
        .subcommand_required(true)
        .subcommand(cantstop)
}

/// The daily's number of a `YYYY-MM-DD` date (UTC), or of today when `None`.
pub fn day_of_date(date: Option<&str>, today_unix: i64, tr: &Tr) -> Result<i64, String> {
    let refused = |given: &str| tr.msg(&Msg::new("daily-cli-bad-date").arg("date", given));
    let day = match date {
        None => Day::of_unix(today_unix),
        Some(given) => match Day::parse(given) {
            Err(DayError::NotADate) => return Err(refused(given)),
            parsed => parsed.ok(),
        },
    };
    let Some(day) = day else {
        let first = Msg::new("daily-cli-too-early").arg("date", date.unwrap_or_default());
        return Err(tr.msg(&first));
    };
    Ok(i64::from(day.number()))
}

fn cantstop() -> GameKind {
    GameKind::from_id("cantstop").expect("Can't Stop is registered")
}

/// Runs `saikoro daily …` as `m` asks, in `locale`.
pub fn run(m: &ArgMatches, locale: Locale) -> Result<(), Halt> {
    let (_, m) = m.subcommand().expect("a game is required");
    let tr = Tr::new(locale, &[]);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let day = day_of_date(m.get_one::<String>("date").map(String::as_str), now, &tr)?;
    let (players, names) = parse_players(cantstop(), m.get_one::<String>("players").expect("default"), &tr)?;
    if players.len() != 1 {
        return Err(Halt::Failed(tr.t("daily-cli-one-player")));
    }
    let format = *m.get_one::<Format>("format").expect("has a default");
    let header = Msg::new("daily-cli-header").arg("day", day);
    run_game(format, &tr.msg(&header), |input, out| {
        practice(day, &players, &names, format, locale, input, out)
    })
}

/// Plays the practice round of `day` to its end, then shows the score, the par and the share line.
fn practice(
    day: i64,
    players: &[Player],
    names: &[String],
    format: Format,
    locale: Locale,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), Halt> {
    let tr = Tr::new(locale, names);
    let seed = daily::day_seed(PRACTICE_SECRET, day);
    let mut dice = DailyDice::new(seed);
    let game: Box<dyn AnyGame> = cantstop()
        .new_game(&serde_json::Value::Null, 1, &mut dice)
        .map_err(|e| tr.msg(&e.msg()))?;
    let sitting = Sitting {
        players,
        tr,
        seed,
        format,
        opening: game.opening(),
    };
    let (_, actions) = super::play_on(game, sitting, &mut dice, input, out)?;
    let replayed = actions.iter().map(|(seat, action)| (*seat, action.as_str()));
    let tally = Tally::replay(replayed, &mut DailyDice::new(seed)).ok_or_else(|| tr.t("daily-bad-log"))?;
    let par = daily::par(seed).turns();
    let share = tr.msg(&daily::share(day, &tally, par));
    let text = match format {
        Format::Text => share,
        Format::Json => serde_json::json!({
            "daily": day,
            "turns": tally.turns(),
            "busts": tally.busts(),
            "par": par,
            "share": share,
        })
        .to_string(),
    };
    writeln!(out, "{text}").map_err(|e| Halt::Failed(e.to_string()))
}
