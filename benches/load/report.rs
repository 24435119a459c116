//! The tables printed at the end: the closed loop's medians and the open loop's rates.

use crate::CAPACITY_P99_MS;
use crate::args::Args;
use crate::closed::Figures;
use crate::open::OpenFigures;

pub fn print_table(rows: &[Figures], args: &Args) {
    let limit = args
        .clicks
        .map_or(String::new(), |c| format!(", at most {c} clicks per game"));
    println!(
        "\nsaikoro load: Can't Stop, 2 players per game, {} s of play{limit}, SQLite (synchronous=FULL); \
         medians of {} run(s); {}",
        args.seconds,
        args.repeat,
        args.checks_said()
    );
    let header = [
        "games",
        "clicks/s",
        "p50 ms",
        "p99 ms",
        "max ms",
        "clicks",
        "ended",
        "late",
        "errors",
        "start ms",
        "restart ms",
        "idle MiB",
        "KiB/game",
        "after play",
        "peak MiB",
        "bot cores",
        "bot CPU/click",
        "bench cores",
        "bench CPU/click",
    ];
    let lines: Vec<Vec<String>> = rows.iter().map(cells).collect();
    print_aligned(&header, lines);
    println!(
        "clicks/s: board clicks answered per second; latency: dispatch → callback at the emulator; \
         ended: games played to a win (a new one starts in the channel); late: answered after 3 s \
         (Discord gives up), summed over runs; errors: wrong answers, timeouts and other emulator \
         problems, summed over runs; start: spawn → ready (commands registered, games restored); \
         restart: the same with every game stored; KiB/game: (RSS with the games − idle RSS) / games, \
         after setup and after play; peak: VmHWM; cores: CPU time / wall time while playing (bench = \
         emulator + players, in one process)."
    );
}

pub fn print_open_table(rows: &[OpenFigures], args: &Args) {
    println!(
        "\nsaikoro open loop: Can't Stop, {} active games, Poisson arrivals for {} s per rate, SQLite \
         (synchronous=FULL) in {}; one run; {}; {}; {}",
        args.open_games,
        args.open_seconds,
        args.dir.display(),
        args.boards_said(),
        args.checks_said(),
        args.metrics_said()
    );
    println!(
        "| offered/s | answered/s |   p50 ms |   p99 ms | p99 after 5 s | p99.9 ms |   max ms | clicks | deferred | errors | dropped | skipped | \
         bot cores | bot CPU/click | bench CPU/click |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        println!(
            "| {:>9} | {:>10.0} | {:>8.2} | {:>8.2} | {:>13} | {:>8.2} | {:>8.1} | {:>6} | {:>8} | {:>6} | {:>7} | {:>7} | {:>9.2} | {:>10.3} ms | {:>12.3} ms |",
            r.rate,
            r.clicks as f64 / r.seconds,
            r.p50_ms,
            r.p99_ms,
            r.settled_p99_ms.map_or("–".into(), |ms| format!("{ms:.2}")),
            r.p999_ms,
            r.max_ms,
            r.clicks,
            r.deferred,
            r.errors,
            r.dropped,
            r.skipped,
            r.bot_cores,
            r.bot_cpu_ms,
            r.bench_cpu_ms,
        );
    }
    let capacity = rows
        .iter()
        .filter(|r| r.p99_ms <= CAPACITY_P99_MS && r.errors == 0)
        .map(|r| r.rate)
        .max();
    match capacity {
        Some(rate) => println!(
            "capacity (highest offered rate with p99 <= {CAPACITY_P99_MS} ms, no errors): {rate} clicks/s"
        ),
        None => println!("capacity: no offered rate kept p99 <= {CAPACITY_P99_MS} ms without errors"),
    }
    println!(
        "latency: dispatch → callback at the emulator; a game that ended starts a new one (its lobby \
         clicks are not counted); p99 after 5 s: of the clicks sent 5 s or more into the rate (after an \
         overload, whether the bot is back to normal); CPU per click: CPU time over the rate's window / answered clicks \
         (bench = emulator + players, in one process)."
    );
}

/// One closed-loop row's cells, in the header's order.
fn cells(r: &Figures) -> Vec<String> {
    vec![
        r.games.to_string(),
        format!("{:.0}", r.per_second),
        format!("{:.2}", r.p50_ms),
        format!("{:.2}", r.p99_ms),
        format!("{:.1}", r.max_ms),
        r.clicks.to_string(),
        r.finished_games.to_string(),
        r.late.to_string(),
        (r.errors + r.problems).to_string(),
        format!("{:.0}", r.startup_ms),
        format!("{:.0}", r.restart_ms),
        format!("{:.1}", r.idle_rss_kib / 1024.0),
        format!("{:.1}", r.per_game_kib),
        format!("{:.1}", r.per_game_after_kib),
        format!("{:.1}", r.peak_kib / 1024.0),
        format!("{:.2}", r.bot_cores),
        format!("{:.2} ms", r.bot_cpu_ms),
        format!("{:.2}", r.bench_cores),
        format!("{:.2} ms", r.bench_cpu_ms),
    ]
}

/// A Markdown table with the header and lines right-aligned in columns as wide as their widest cell.
fn print_aligned(header: &[&str], lines: Vec<Vec<String>>) {
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            lines
                .iter()
                .map(|l| l[i].len())
                .chain([header[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let row = |cells: Vec<String>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:>w$}"))
            .collect();
        println!("| {} |", padded.join(" | "));
    };
    row(header.iter().map(std::string::ToString::to_string).collect());
    println!(
        "|{}|",
        widths
            .iter()
            .map(|w| "-".repeat(w + 2))
            .collect::<Vec<_>>()
            .join("|")
    );
    for line in lines {
        row(line);
    }
}
