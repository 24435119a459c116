//! `/saikoro leaderboard`, `stats` and `history`: the players' history as views,
//! read from the store for one server at a time. Leaderboard pages turn with buttons whose ids
//! carry the game and page only; the server always comes from where the click happened.

use super::history::user_key;
use super::markup::Markup;
use super::{Post, Refused, Sight, User, text};
use crate::engine::{Button, Field, Msg, Row, Style, Tr, View};
use crate::games::GameKind;
use crate::history::Rating;
use crate::id::{GuildId, UserId};
use crate::store::{ALL_KINDS, PlayerSummary, RecentSeat, Standing, Store, StoreError};

/// Rows per leaderboard page.
pub const PAGE_ROWS: i64 = 10;
/// Games `/saikoro history` lists.
const RECENT_GAMES: i64 = 10;
/// Opponents in the head-to-head.
const OPPONENTS: i64 = 3;
/// Rated games the trend looks back over.
const TREND_GAMES: usize = 10;
const COLOUR: u32 = 0x00F1_C40F;

/// A player as the history shows them: a mention (which never pings in an embed), a bot's
/// level, or "someone" once forgotten.
fn who(tr: &Tr, m: &dyn Markup, player: &str) -> String {
    if let Some(level) = player.strip_prefix("bot:") {
        return tr.t(&format!("lobby-add-bot-{level}"));
    }
    match player.parse::<u64>() {
        Ok(id) => m.mention(UserId(id)),
        Err(_) => tr.t("history-anonymous"),
    }
}

fn percent(wins: i64, games: i64) -> i64 {
    if games == 0 {
        0
    } else {
        (wins * 100 + games / 2) / games
    }
}

fn rating_text(rating: Rating) -> String {
    format!("{:.1}", rating.conservative())
}

fn standing_line(tr: &Tr, m: &dyn Markup, s: &Standing) -> String {
    tr.f(
        "leaderboard-row",
        &[
            ("position", s.position.into()),
            ("player", who(tr, m, &s.player).into()),
            ("rating", rating_text(s.rating).into()),
            ("games", s.games.into()),
            ("wins", s.wins.into()),
            ("percent", percent(s.wins, s.games).into()),
        ],
    )
}

fn page_button(kind: GameKind, page: i64, emoji: &str, disabled: bool) -> Button {
    // Two buttons may lead to one page (⏮ and ◀ on page 2): the emoji keeps their ids unique.
    Button::act(
        super::ids::leaderboard(kind, page, emoji),
        emoji,
        Style::Secondary,
    )
    .disabled(disabled)
}

/// The game a leaderboard or stats shows when none was named: the server's most played.
async fn default_kind(store: &Store, guild: Option<GuildId>, user: &User) -> GameKind {
    let summaries = store
        .summaries(guild, &user_key(user.id))
        .await
        .unwrap_or_default();
    favourite_of(&summaries).unwrap_or(GameKind::ALL[0])
}

/// A page (1-based) of the server's leaderboard for a game, with the caller's own row
/// below it when it is not on the page.
pub async fn leaderboard(
    store: &Store,
    m: &dyn Markup,
    guild: Option<GuildId>,
    kind: Option<GameKind>,
    page: Option<i64>,
    user: &User,
) -> Result<Post, Refused> {
    let tr = Tr::new(user.locale, &[]);
    let kind = match kind {
        Some(kind) => kind,
        None => default_kind(store, guild, user).await,
    };
    let failed = |e| Refused::store(&e);
    let page = page.unwrap_or(1).max(1);
    let (rows, total) = store
        .leaderboard(guild, kind.id(), (page - 1) * PAGE_ROWS, PAGE_ROWS)
        .await
        .map_err(failed)?;
    let pages = ((total + PAGE_ROWS - 1) / PAGE_ROWS).max(1);
    if page > pages {
        return Err(Msg::new("leaderboard-no-page")
            .arg("page", page)
            .arg("pages", pages)
            .into());
    }
    let mut lines: Vec<String> = rows.iter().map(|s| standing_line(&tr, m, s)).collect();
    let me = user_key(user.id);
    if !rows.iter().any(|s| s.player == me) {
        match store.standing(guild, kind.id(), &me).await.map_err(failed)? {
            Some(mine) => {
                lines.push("…".into());
                lines.push(standing_line(&tr, m, &mine));
            }
            None => lines.push(tr.t("leaderboard-you-unranked")),
        }
    }
    if total == 0 {
        lines.insert(0, tr.t("leaderboard-empty"));
    }
    let game = text::game_name(&tr, kind);
    Ok(Post {
        content: None,
        view: View {
            title: tr.f("leaderboard-title", &[("game", game.into())]),
            description: lines.join("\n"),
            text: None,
            words: None,
            fields: vec![],
            colour: COLOUR,
            footer: Some(tr.f(
                "leaderboard-footer",
                &[("page", page.into()), ("pages", pages.into())],
            )),
            rows: vec![Row::buttons(vec![
                page_button(kind, 1, "⏮", page == 1),
                page_button(kind, page - 1, "◀", page == 1),
                page_button(kind, page + 1, "▶", page == pages),
                page_button(kind, pages, "⏭", page == pages),
            ])],
        },
        ping: vec![],
        picture: None,
    })
}

/// `/saikoro stats`: a player's figures in this server, for one game or all of them, from
/// their summaries, their last rated games and their head-to-head rows.
pub async fn stats(
    store: &Store,
    m: &dyn Markup,
    guild: Option<GuildId>,
    target: UserId,
    kind: Option<GameKind>,
    user: &User,
) -> Result<Post, Refused> {
    let tr = Tr::new(user.locale, &[]);
    let failed = |e| Refused::store(&e);
    let player = user_key(target);
    let summaries = store.summaries(guild, &player).await.map_err(failed)?;
    let (mut per_game, overall): (Vec<PlayerSummary>, Vec<PlayerSummary>) =
        summaries.into_iter().partition(|r| r.kind != ALL_KINDS);
    // In the game ids' order whatever the database's collation.
    per_game.sort_by(|a, b| a.kind.cmp(&b.kind));
    let shown: Vec<PlayerSummary> = match kind {
        Some(k) => per_game.iter().filter(|r| r.kind == k.id()).cloned().collect(),
        None => overall,
    };
    let title = tr.f("stats-title", &[("player", m.mention(target).into())]);
    let puzzles = super::puzzles::rating_field(store, target, &tr)
        .await
        .map_err(failed)?;
    let Some(summary) = shown.first() else {
        // Someone who only solved puzzles still sees their puzzle rating.
        return match puzzles {
            Some(field) => Ok(stats_post(title, vec![field])),
            None => Err(Msg::new("stats-none").arg("player", m.mention(target)).into()),
        };
    };
    let mut fields = vec![Field::new(
        tr.t("stats-games"),
        tr.f(
            "stats-games-value",
            &[
                ("games", summary.games.into()),
                ("wins", summary.wins.into()),
                ("percent", percent(summary.wins, summary.games).into()),
                ("streak", summary.best_streak.into()),
            ],
        ),
    )];
    let rated_kind = kind.or_else(|| {
        favourite(
            per_game
                .iter()
                .filter_map(|r| Some((&r.kind[..], r.games, (r.versus_first_at?, r.versus_first_game?)))),
        )
    });
    if let Some(rated_kind) = rated_kind {
        fields.extend(
            rating_field(store, guild, &player, rated_kind, &tr)
                .await
                .map_err(failed)?,
        );
    }
    if kind.is_none()
        && let Some(fav) = favourite_of(&per_game)
    {
        fields.push(Field::new(tr.t("stats-favourite"), text::game_name(&tr, fav)).inline());
    }
    let solitaire = solitaire_records(&tr, if kind.is_some() { &shown } else { &per_game });
    if !solitaire.is_empty() {
        fields.push(Field::new(tr.t("stats-solitaire"), solitaire.join("\n")));
    }
    fields.extend(
        rivals_field(store, m, guild, &player, &tr)
            .await
            .map_err(failed)?,
    );
    fields.extend(puzzles);
    Ok(stats_post(title, fields))
}

fn stats_post(title: String, fields: Vec<Field>) -> Post {
    Post {
        content: None,
        view: View {
            title,
            description: String::new(),
            text: None,
            words: None,
            fields,
            colour: COLOUR,
            footer: None,
            rows: vec![],
        },
        ping: vec![],
        picture: None,
    }
}

/// `/saikoro history`: the server's (or a player's) recently finished games with their ids,
/// those played in channels the user may see.
pub async fn recent(
    store: &Store,
    m: &dyn Markup,
    guild: Option<GuildId>,
    target: Option<UserId>,
    user: &User,
    sight: &dyn Sight,
) -> Result<Post, Refused> {
    let tr = Tr::new(user.locale, &[]);
    let player = target.map(user_key);
    let seats = store
        .recent_games_seen(guild, player.as_deref(), RECENT_GAMES, |c| sight.sees(c))
        .await
        .map_err(|e| Refused::store(&e))?;
    if seats.is_empty() {
        return Err(Refused::new("history-none"));
    }
    let mut games: Vec<(i64, Vec<&RecentSeat>)> = vec![];
    for seat in &seats {
        match games.last_mut() {
            Some((id, list)) if *id == seat.game_id => list.push(seat),
            _ => games.push((seat.game_id, vec![seat])),
        }
    }
    let lines: Vec<String> = games
        .iter()
        .map(|(id, seats)| {
            let first = seats[0];
            let game = GameKind::from_id(&first.kind).map_or(first.kind.clone(), |k| text::game_name(&tr, k));
            let players: Vec<String> = seats.iter().map(|s| seat_text(&tr, m, s)).collect();
            tr.f(
                "history-row",
                &[
                    ("id", (*id).into()),
                    ("game", game.into()),
                    ("players", players.join(", ").into()),
                    ("at", m.date(first.finished_at).into()),
                ],
            )
        })
        .collect();
    Ok(Post {
        content: None,
        view: View {
            title: match target {
                Some(t) => tr.f("history-title-player", &[("player", m.mention(t).into())]),
                None => tr.t("history-title"),
            },
            description: lines.join("\n"),
            text: None,
            words: None,
            fields: vec![],
            colour: COLOUR,
            footer: None,
            rows: vec![],
        },
        ping: vec![],
        picture: None,
    })
}

/// The player's rating in a game now, and how it moved over their last rated games.
async fn rating_field(
    store: &Store,
    guild: Option<GuildId>,
    player: &str,
    kind: GameKind,
    tr: &Tr<'_>,
) -> Result<Option<Field>, StoreError> {
    // Newest first: the rating now, and the one TREND_GAMES rated games ago.
    let ratings = store
        .rating_trend(guild, player, kind.id(), TREND_GAMES as i64 + 1)
        .await?;
    let Some(now) = ratings.first() else {
        return Ok(None);
    };
    let then = ratings.get(TREND_GAMES).copied().unwrap_or_default();
    let trend = now.conservative() - then.conservative();
    Ok(Some(Field::new(
        tr.f("stats-rating", &[("game", text::game_name(tr, kind).into())]),
        tr.f(
            "stats-rating-value",
            &[
                ("rating", rating_text(*now).into()),
                ("trend", format!("{trend:+.1}").into()),
                ("games", ratings.len().min(TREND_GAMES).into()),
            ],
        ),
    )))
}

/// The player's record against their most frequent opponents.
async fn rivals_field(
    store: &Store,
    m: &dyn Markup,
    guild: Option<GuildId>,
    player: &str,
    tr: &Tr<'_>,
) -> Result<Option<Field>, StoreError> {
    let rivals = store.head_to_head(guild, player, OPPONENTS).await?;
    if rivals.is_empty() {
        return Ok(None);
    }
    let lines: Vec<String> = rivals
        .iter()
        .map(|h| {
            tr.f(
                "stats-versus-row",
                &[
                    ("player", who(tr, m, &h.opponent).into()),
                    ("games", h.games.into()),
                    ("ahead", h.ahead.into()),
                    ("behind", h.behind.into()),
                ],
            )
        })
        .collect();
    Ok(Some(Field::new(tr.t("stats-versus"), lines.join("\n"))))
}

/// A seat in a history line: the player and how they did.
fn seat_text(tr: &Tr, m: &dyn Markup, s: &RecentSeat) -> String {
    let name = who(tr, m, &s.player);
    if let Some(turns) = s.turns {
        return tr.f(
            "history-seat-solitaire",
            &[("player", name.into()), ("turns", turns.into())],
        );
    }
    let id = if s.won {
        "history-seat-won"
    } else if s.resigned {
        "history-seat-resigned"
    } else {
        "history-seat-place"
    };
    tr.f(id, &[("player", name.into()), ("place", s.place.into())])
}

/// The game played most often among `(game, count, first played)`, the earliest first played
/// among equals.
fn favourite<'a>(counts: impl Iterator<Item = (&'a str, i64, (i64, i64))>) -> Option<GameKind> {
    counts
        .filter(|(_, n, _)| *n > 0)
        .max_by_key(|(_, n, first)| (*n, std::cmp::Reverse(*first)))
        .and_then(|(kind, _, _)| GameKind::from_id(kind))
}

/// The game a player has finished most often, solitaire included.
fn favourite_of(summaries: &[PlayerSummary]) -> Option<GameKind> {
    favourite(
        summaries
            .iter()
            .filter(|r| r.kind != ALL_KINDS)
            .map(|r| (&r.kind[..], r.games + r.solo_games, (r.first_at, r.first_game))),
    )
}

/// Per game, the best and average turn counts of finished solitaire games.
fn solitaire_records(tr: &Tr, summaries: &[PlayerSummary]) -> Vec<String> {
    summaries
        .iter()
        .filter_map(|r| {
            let best = r.solo_best?;
            let game = GameKind::from_id(&r.kind).map_or(r.kind.clone(), |k| text::game_name(tr, k));
            let average = r.solo_turns as f64 / r.solo_games as f64;
            Some(tr.f(
                "stats-solitaire-row",
                &[
                    ("game", game.into()),
                    ("best", best.into()),
                    ("average", format!("{average:.1}").into()),
                    ("games", r.solo_games.into()),
                ],
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::SeatInfo;
    use super::super::history::player_key;
    use super::*;
    use crate::engine::Level;
    use crate::store::ANONYMOUS;

    #[test]
    fn the_favourite_is_the_most_played_and_the_earliest_among_equals() {
        let games = [
            ("ishigaki", 3, (50, 9)),
            ("cantstop", 3, (40, 7)),
            ("saizumi", 2, (1, 1)),
        ];
        assert_eq!(favourite(games.into_iter()), GameKind::from_id("cantstop"));
        let games = [("ishigaki", 4, (50, 9)), ("cantstop", 3, (40, 7))];
        assert_eq!(favourite(games.into_iter()), GameKind::from_id("ishigaki"));
        assert_eq!(favourite([("cantstop", 0, (1, 1))].into_iter()), None);
    }

    #[test]
    fn an_anonymous_player_is_never_a_mention() {
        let tr = Tr::new(crate::engine::Locale::En, &[]);
        assert!(!who(&tr, &crate::discord::DiscordMarkup, ANONYMOUS).contains("<@"));
        assert_eq!(who(&tr, &crate::discord::DiscordMarkup, "12"), "<@12>");
        assert_eq!(
            player_key(&SeatInfo {
                user: None,
                name: "x".into(),
                bot: Some(Level::Strong)
            }),
            "bot:strong"
        );
    }
}
