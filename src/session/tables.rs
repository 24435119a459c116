//! Live play as the front ends see it: lobbies opened, clicks on boards and lobbies, the game
//! commands (board, resign, abandon, log), each for one game under its lock, and a deleted
//! channel's game ended. It also serves the players' history ([`Records`]) through the two ports
//! that history uses: a rematch's lobby ([`Lobbies`]) and forget-me's leaving ([`LiveSeats`]).
//! The commands of their own (`/saikoro away`, `notify`, `games`, `/cantstop daily`,
//! `/<game> puzzle`) add their methods from the files above this one.

use super::clock::{Clock, SystemClock};
use super::decide::{self, Click};
use super::forget::LiveSeats;
use super::guard;
use super::ids::TableRoute;
use super::index::Locked;
use super::invitations::{self, LobbyChoices, LobbyTable};
use super::live::Session;
use super::lobby::{self, LobbyClick};
use super::phase::Phase;
use super::play::Play;
use super::records::Records;
use super::rematch::Lobbies;
use super::settings::ServerSettings;
use super::timers::Timekeeper;
use super::{
    Outbox, Place, Refused, Reply, Responder, Settings, Table, User, render, seated, store_failed, text,
    threads,
};
use crate::engine::{self, Arg, Msg, RecordingDice, SeededDice, Tr};
use crate::games::GameKind;
use crate::id::{ChannelId, GameId, GuildId, MessageId, UserId};
use crate::store::{GameRow, Status, Store, StoreError};
use std::sync::Arc;
use std::time::Duration;

/// The games in play and their lobbies, one per channel at most.
pub struct Tables {
    pub(super) play: Arc<Play>,
}

impl Tables {
    /// Live play on the system clock.
    pub fn new(store: Store, outbox: Arc<dyn Outbox>, settings: Settings) -> Arc<Tables> {
        Tables::with_clock(store, outbox, settings, Arc::new(SystemClock))
    }

    pub fn with_clock(
        store: Store,
        outbox: Arc<dyn Outbox>,
        settings: Settings,
        clock: Arc<dyn Clock>,
    ) -> Arc<Tables> {
        Arc::new(Tables {
            play: Arc::new(Play::new(store, outbox, settings, clock)),
        })
    }

    /// Per game: unfinished games of this process, and how many of them are in memory, for
    /// the metrics.
    pub fn census(&self) -> std::collections::BTreeMap<&'static str, (usize, usize)> {
        self.play.index.census()
    }

    /// Whether the store answers now, for `/readyz`.
    pub async fn database_answers(&self) -> bool {
        self.play.store.ping().await
    }

    /// The players' history of the same store, opening rematches' lobbies here.
    pub fn records(self: &Arc<Self>) -> Records {
        Records::new(
            self.play.store.clone(),
            self.clone(),
            self.clone(),
            self.play.settings.markup,
        )
    }

    /// Start-up, all at once: [`Tables::restore_index`], then [`Tables::catch_up`]. Returns
    /// the number of games indexed.
    pub async fn restore(&self) -> Result<usize, StoreError> {
        let games = self.restore_index().await?;
        self.catch_up().await;
        Ok(games)
    }

    /// Start-up: reads the index of unfinished games (id and channel, not their logs), after
    /// which clicks can be answered; every game is loaded when it is first touched. What was
    /// due meanwhile is [`Tables::catch_up`]'s, and until it has passed a game a click on it
    /// does what is due first. Returns the number of games indexed.
    pub async fn restore_index(&self) -> Result<usize, StoreError> {
        // Not fatal: games already scheduled keep their times, and play goes on.
        if let Err(e) = self.play.guilds.check_default_timers().await {
            tracing::error!(error = %e, "could not reschedule games for changed default timers");
        }
        let games = self.play.index.restore().await?;
        self.play.catch_up.begin();
        Ok(games)
    }

    /// Does what came due while the process was down (bots to move, boards never posted,
    /// timers that ran out), page by page; run in the background while clicks are answered.
    pub async fn catch_up(&self) {
        self.check_timers().await;
        self.play.catch_up.end();
    }

    /// Starts the timers (once, after [`Tables::restore`]).
    pub fn start_timers(&self) {
        Timekeeper(self.play.clone()).start();
    }

    /// Does what is due now (see [`Timekeeper::check`]).
    pub(super) async fn check_timers(&self) {
        Timekeeper(self.play.clone()).check().await;
    }

    /// Evicts every session untouched for `idle`; returns how many left memory.
    pub fn evict_idle(&self, idle: Duration) -> usize {
        self.play.index.evict_idle(idle)
    }

    /// A server's settings: its own where it set them, else the defaults.
    pub async fn server_settings(&self, guild: Option<GuildId>) -> ServerSettings {
        self.play.guilds.get(guild).await
    }

    /// Saves a server's settings, durably; its live games follow them from their next update.
    pub async fn set_server_settings(
        &self,
        guild: GuildId,
        settings: ServerSettings,
    ) -> Result<(), StoreError> {
        self.play.guilds.save(guild, settings).await?;
        self.play.wake.notify_one();
        self.play.index.apply(guild, settings).await;
        Ok(())
    }

    /// `/<game> start`: opens a lobby in the channel and posts it.
    pub async fn open_lobby(
        &self,
        kind: GameKind,
        place: Place,
        host: &User,
        options: serde_json::Value,
        solitaire: bool,
    ) -> String {
        let choices = LobbyChoices {
            solitaire,
            ..LobbyChoices::default()
        };
        self.open_lobby_with(kind, place, host, options, &choices).await
    }

    /// `/<game> start` with invitations, a private lobby or the game's own clock.
    pub async fn open_lobby_with(
        &self,
        kind: GameKind,
        place: Place,
        host: &User,
        options: serde_json::Value,
        choices: &LobbyChoices,
    ) -> String {
        let Place {
            guild,
            channel,
            locale: guild_locale,
            threads: room,
        } = place;
        let tr = Tr::new(host.locale, &[]);
        match self.play.index.in_channel(channel).await {
            Ok(None) => {}
            Ok(Some(s)) => return render::busy_channel(&tr, s.kind, s.link()),
            Err(e) => return tr.t(e.message()),
        }
        // Refuse options the game would refuse, before anyone joins; keep every option's value
        // (defaults included), so a later change of a default never changes a stored game.
        let options = match engine::options::resolve(kind.options(), &options) {
            Ok(options) => options,
            Err(e) => return tr.f("lobby-bad-options", &[("reason", tr.msg(&e).into())]),
        };
        if let Err(e) = kind.new_game(&options, *kind.players().end(), &mut SeededDice::new(0)) {
            return tr.f("lobby-bad-options", &[("reason", tr.msg(&e.msg()).into())]);
        }
        let lobby = LobbyTable {
            locale: guild_locale,
            max_players: *kind.players().end(),
            solitaire_allowed: kind.players().contains(&1),
        };
        let bounds = self.play.guilds.get(guild).await.clock;
        let mut table = match invitations::table_for(&lobby, bounds, host, choices) {
            Ok(table) => table,
            Err(refusal) => return refusal.words(host.locale),
        };
        let (store, guilds) = (&self.play.store, &self.play.guilds);
        let (threaded, note) = threads::plan_for(store, guilds, guild, host, choices.thread, room).await;
        table.threaded = threaded;
        let answer = self.open(kind, guild, channel, host, options, table).await;
        match note {
            Some(note) => format!("{answer}\n{note}"),
            None => answer,
        }
    }

    /// Stores and posts a lobby with `table`'s seats (a rematch, if the table says so) and
    /// claims the channel for it. Answers the host.
    async fn open(
        &self,
        kind: GameKind,
        guild: Option<GuildId>,
        channel: ChannelId,
        host: &User,
        options: serde_json::Value,
        mut table: Table,
    ) -> String {
        let tr = Tr::new(host.locale, &[]);
        if let Err(refusal) = self.room_for_lobby(guild, host, &table).await {
            return refusal.words(host.locale);
        }
        let created = self.play.clock.now();
        table.lobby_expires_at = created + self.play.settings.lobby_expiry.as_secs() as i64;
        let row = GameRow {
            id: GameId(0),
            kind: kind.id().to_owned(),
            guild_id: guild,
            channel_id: channel,
            host_id: host.id,
            status: Status::Lobby,
            options,
            seats: serde_json::Value::Null,
            setup_dice: vec![],
            board_message_id: None,
            created_at: created,
            updated_at: created,
        };
        let mut session = Session::new(row, kind, table, Phase::Lobby, self.play.settings.markup);
        session.apply(self.play.guilds.get(guild).await);
        session.sync_row();
        let of = session.table.rematch.as_ref().map(|r| r.of);
        let inserted = match of {
            None => self.play.store.insert_game(&session.row).await,
            Some(of) => match self.play.store.insert_rematch(&session.row, of).await {
                Ok(Some(id)) => Ok(id),
                Ok(None) => return tr.f("rematch-taken", &[("id", of.get().into())]),
                Err(e) => Err(e),
            },
        };
        let id = match inserted {
            Ok(id) => id,
            Err(e) => return store_failed(&tr, &e),
        };
        session.row.id = id;
        // Claim the channel before posting, so two starts racing never both show a lobby.
        if !self.play.index.claim(channel, id) {
            session.phase.abandon();
            self.play.persist(&mut session).await;
            return tr.t("channel-busy-race");
        }
        let session = self.play.index.insert(session);
        // Clicks wait for this lock, so none arrives before the lobby is known.
        let mut s = session.lock().await;
        match self.play.outbox.post(channel, &lobby::invitation(&s)).await {
            Ok(message) => s.row.board_message_id = Some(message),
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "could not post a lobby");
                s.phase.abandon();
                self.play.persist(&mut s).await;
                self.play.index.close(&s);
                return tr.t("cannot-post");
            }
        }
        self.play.persist(&mut s).await;
        let link = s.link();
        tr.f("lobby-opened", &[("link", link.unwrap_or_default().into())])
    }

    /// Whether `host` may open a lobby with `table` on `guild` (the quotas, and for a rematch the
    /// pings its invitation sends); if not, the refusal.
    async fn room_for_lobby(
        &self,
        guild: Option<GuildId>,
        host: &User,
        table: &Table,
    ) -> Result<(), Refused> {
        let guard = &self.play.guard;
        guard.room_for_lobby(&self.play.store, guild, host.id).await?;
        // A rematch's invitation and a lobby's invited players are pinged with the lobby.
        let rematch = table.rematch.iter().flat_map(|r| &r.seats);
        let invited = rematch
            .chain(&table.invited)
            .filter_map(|s| s.user)
            .filter(|u| *u != host.id)
            .count();
        if invited > 0 {
            guard
                .pings(host.id, invited)
                .map_err(|over| over.refused(self.play.settings.markup))?;
        }
        Ok(())
    }

    /// A command or click from `user` in `channel`, before it is served: the refusal if it is
    /// over the rate limits (then nothing is done).
    pub fn over_rate(&self, user: &User, channel: ChannelId) -> Option<String> {
        // Every click and command passes here first: where turn notices learn who is around.
        self.play.notices.seen(user, channel);
        let over = self.play.guard.command(user.id, channel).err()?;
        Some(over.text(&Tr::new(user.locale, &[]), self.play.settings.markup))
    }

    /// A refusal for an interaction from a place whose games another process runs. Discord
    /// sends each guild's interactions to the process running its shard, so this is only a
    /// guard against a misrouted one (e.g. while processes are being re-sharded): nothing changes.
    pub fn other_shard(&self, guild: Option<GuildId>, user: &User) -> Option<Reply> {
        let shards = self.play.store.shards();
        (!shards.owns(guild)).then(|| {
            tracing::warn!(?guild, %shards, "an interaction for another process's shard");
            Reply::Private(Tr::new(user.locale, &[]).t("click-other-shard"))
        })
    }

    /// A click on `message`, a board or lobby of a live game, answered through `responder` once
    /// what it does is stored. Still under the game's lock, the turn's next board is then posted
    /// (after the answer, so the clicked board shows the move first) and bots are woken.
    pub async fn click(
        &self,
        route: &TableRoute,
        message: MessageId,
        user: &User,
        responder: &dyn Responder,
    ) {
        let tr = Tr::new(user.locale, &[]);
        let mut s = match self.play.index.live(route.game()).await {
            Ok(Some(s)) => s,
            Ok(None) => return responder.answer(Reply::Private(tr.t("click-game-gone"))).await,
            Err(e) => return responder.answer(Reply::Private(tr.t(e.message()))).await,
        };
        // Before the start-up pass reached it, what is due happens first (a timeout, a bot).
        if self.play.catch_up.pending(route.game())
            && s.due_at().is_some_and(|due| due <= self.play.clock.now())
        {
            Timekeeper(self.play.clone()).tend(&mut s).await;
        }
        let reply = match decide::click(&s, route, message, user) {
            Click::Refuse(why) => Reply::Private(why),
            Click::Redraw(post) => Reply::Update(post),
            Click::Show(post) => Reply::Show(post),
            Click::Lobby(action) => self.lobby_click(&mut s, action, user).await,
            Click::Hint(seat) => Reply::Private(self.play.hint(&mut s, seat, user).await),
            Click::Act { seat, action } => match self.play.act(&mut s, seat, action).await {
                Ok(post) => Reply::Update(post),
                Err(refusal) => Reply::Private(refusal.text(&s, user.locale)),
            },
        };
        let reply = match reply {
            // The end of a daily: its private board becomes the result card.
            Reply::Update(board) if s.table.daily.is_some() && matches!(s.phase, Phase::Finished(_)) => {
                Reply::Update(self.play.days.card(&s, board, self.play.clock.now()).await)
            }
            reply => reply,
        };
        responder.answer(reply).await;
        self.play.settle(&mut s).await;
    }

    /// A lobby button: the seats change, the lobby is cancelled, or the game starts.
    async fn lobby_click(&self, s: &mut Session, action: &str, user: &User) -> Reply {
        let tr = Tr::new(user.locale, &[]);
        match lobby::click(s, action, user) {
            LobbyClick::Refuse(why) => Reply::Private(why),
            LobbyClick::Seat { seats, invited } => {
                let before = std::mem::replace(&mut s.table.seats, seats);
                let invited_before = std::mem::replace(&mut s.table.invited, invited);
                if let Err(e) = self.play.try_persist(s).await {
                    s.table.seats = before;
                    s.table.invited = invited_before;
                    return Reply::Private(store_failed(&tr, &e));
                }
                Reply::Update(lobby::post(s))
            }
            LobbyClick::Cancel => {
                s.phase.abandon();
                if let Err(e) = self.play.try_persist(s).await {
                    s.phase.reopen();
                    return Reply::Private(store_failed(&tr, &e));
                }
                self.play.index.close(s);
                threads::close_lobby_thread(self.play.outbox.as_ref(), s, "lobby-cancelled").await;
                Reply::Update(lobby::closed(s, "lobby-cancelled"))
            }
            LobbyClick::Start => self.start(s, &tr).await,
        }
    }

    /// Starts the lobby's game: set up with recorded dice, stored, the lobby closed. The first
    /// board follows the answer.
    async fn start(&self, s: &mut Session, tr: &Tr<'_>) -> Reply {
        let min = lobby::min_players(s);
        if s.table.seats.len() < min {
            return Reply::Private(tr.f("lobby-not-enough", &[("min", min.into())]));
        }
        let (setup, drawn) = {
            let mut rng = self.play.settings.dice(s.row.id, 0);
            let mut dice = RecordingDice::new(&mut rng);
            (
                s.kind.new_game(&s.row.options, s.table.seats.len(), &mut dice),
                dice.drawn,
            )
        };
        let game = match setup {
            Ok(g) => g,
            Err(e) => {
                return Reply::Private(tr.f("lobby-bad-options", &[("reason", tr.msg(&e.msg()).into())]));
            }
        };
        let lobby = s.row.board_message_id.take();
        s.row.setup_dice = drawn;
        s.phase = Phase::Playing(game);
        s.row.updated_at = self.play.clock.now();
        let moved = match lobby {
            Some(message) if s.table.threaded => {
                threads::open(self.play.outbox.as_ref(), &self.play.index, s, message).await
            }
            _ => false,
        };
        if let Err(e) = self.play.try_persist(s).await {
            s.phase = Phase::Lobby;
            s.row.setup_dice.clear();
            s.row.board_message_id = lobby;
            threads::leave(&self.play.index, s);
            return Reply::Private(store_failed(tr, &e));
        }
        s.seated = seated::read(&self.play.store, &s.row, &s.table).await;
        // The lobby message stays as the record of who played (or becomes the line linking to
        // the game's thread); with no board id stored, the first board (pinging the first
        // player) is posted next, in the game's channel, even after a restart.
        match threads::line(s, false).filter(|_| moved) {
            Some(line) => Reply::Update(line),
            None => Reply::Update(lobby::closed(s, "lobby-started")),
        }
    }

    /// The live session of a game kind in a channel, locked, or a refusal saying there is none.
    /// Checked under the lock, so a game that just ended is not acted on.
    async fn session_in(&self, kind: GameKind, channel: ChannelId) -> Result<Locked, Refused> {
        let game = || Arg::worded(|locale| text::game_name(&Tr::new(locale, &[]), kind));
        let none = || Refused(Msg::new("no-game-here").arg("game", game()));
        let s = match self.play.index.in_channel(channel).await {
            Ok(Some(s)) => s,
            Ok(None) => return Err(none()),
            Err(e) => return Err(Refused::new(e.message())),
        };
        if s.kind != kind || !s.phase.is_open() {
            return Err(none());
        }
        Ok(s)
    }

    /// Discord deleted a channel or thread: a game there ends as abandoned (its record stays).
    pub async fn channel_deleted(&self, channel: ChannelId) {
        match self.play.index.in_channel(channel).await {
            Ok(Some(mut s)) => self.play.channel_gone(&mut s).await,
            Ok(None) => {}
            Err(e) => tracing::warn!(%channel, why = e.message(), "a deleted channel's game did not load"),
        }
    }

    /// `/<game> board`: posts the live board again at the bottom of the channel; the old one
    /// loses its buttons so there is still exactly one live board.
    pub async fn repost(&self, kind: GameKind, channel: ChannelId, user: &User) -> String {
        let tr = Tr::new(user.locale, &[]);
        let mut s = match self.session_in(kind, channel).await {
            Ok(s) => s,
            Err(r) => return r.words(user.locale),
        };
        // Anyone could otherwise flood the channel with copies of the board.
        if s.seat_of(user.id).is_none() && s.row.host_id != user.id && !user.manager {
            return tr.t("board-refused");
        }
        self.repost_locked(&mut s, user).await
    }

    /// Posts a game's live board (or lobby) again at the bottom of its channel, the old one
    /// frozen; answers `user`.
    pub(super) async fn repost_locked(&self, s: &mut Session, user: &User) -> String {
        let tr = Tr::new(user.locale, &[]);
        let channel = s.row.channel_id;
        let (post, frozen) = match s.phase.game() {
            None => (lobby::post(s), lobby::closed(s, "lobby-moved")),
            Some(game) => {
                // The awaited are pinged once in a while, not at every re-post.
                let ping = self.play.guard.board_pings(s.row.id, user.id, &s.humans_to_act());
                (
                    render::board(s, game, &ping, true, ""),
                    render::board(s, game, &[], false, ""),
                )
            }
        };
        let old = s.row.board_message_id;
        match self.play.outbox.post(channel, &post).await {
            Ok(message) => {
                s.row.board_message_id = Some(message);
                self.play.persist(s).await;
                if let Some(old) = old {
                    self.play.outbox.edit(channel, old, &frozen).await.ok();
                }
                tr.f("board-reposted", &[("link", s.link().unwrap_or_default().into())])
            }
            Err(e) => {
                tracing::warn!(game = %s.row.id, error = %e, "could not re-post a board");
                tr.t("cannot-post")
            }
        }
    }

    /// `/<game> resign`: the user's seat leaves the game.
    pub async fn resign(&self, kind: GameKind, channel: ChannelId, user: &User) -> String {
        let tr = Tr::new(user.locale, &[]);
        let mut s = match self.session_in(kind, channel).await {
            Ok(s) => s,
            Err(r) => return r.words(user.locale),
        };
        if s.phase.is_lobby() {
            return tr.t("resign-in-lobby");
        }
        let Some(seat) = s.seat_of(user.id) else {
            return tr.t("rule-not-playing");
        };
        let bots_alone = match s.whole_log(&self.play.store).await {
            Ok(log) => guard::leaves_bots_alone(&s, seat, &log),
            Err(e) => return store_failed(&tr, &e),
        };
        if bots_alone {
            let index = &self.play.index;
            let room = self
                .play
                .guard
                .room_for_bots(s.row.guild_id, |id| index.has(id), kind.id());
            if let Err(refusal) = room {
                return refusal.words(user.locale);
            }
        }
        if let Err(refusal) = self.play.act_on_board(&mut s, seat, engine::RESIGN).await {
            return refusal.text(&s, user.locale);
        }
        if bots_alone && s.phase.playing().is_some() {
            self.play.guard.bots_alone(s.row.id, s.row.guild_id);
        }
        self.play.wake_bots(&mut s);
        tr.t("resigned")
    }

    /// `/<game> abandon`: ends the game for everyone. The host or a server manager only.
    pub async fn abandon(&self, kind: GameKind, channel: ChannelId, user: &User) -> String {
        let tr = Tr::new(user.locale, &[]);
        let mut s = match self.session_in(kind, channel).await {
            Ok(s) => s,
            Err(r) => return r.words(user.locale),
        };
        if s.row.host_id != user.id && !user.manager {
            return tr.t("abandon-refused");
        }
        let was_lobby = s.phase.is_lobby();
        s.phase.abandon();
        if let Err(e) = self.play.try_persist(&mut s).await {
            s.phase.reopen();
            return store_failed(&tr, &e);
        }
        self.play.index.close(&s);
        if let Some(message) = s.row.board_message_id {
            let post = match s.phase.game() {
                None => lobby::closed(&s, "lobby-cancelled"),
                Some(game) => render::abandoned(&s, game, &user.name),
            };
            self.play.outbox.edit(channel, message, &post).await.ok();
        }
        if was_lobby {
            threads::close_lobby_thread(self.play.outbox.as_ref(), &s, "lobby-cancelled").await;
        }
        let line = threads::line(&s, false);
        threads::edit_line(self.play.outbox.as_ref(), &s, line).await;
        tr.t("abandoned")
    }

    /// `/<game> log`: the moves so far, a page at a time (newest page last).
    pub async fn log(&self, kind: GameKind, channel: ChannelId, user: &User, page: Option<usize>) -> String {
        let tr = Tr::new(user.locale, &[]);
        let (source, log) = {
            let s = match self.session_in(kind, channel).await {
                Ok(s) => s,
                Err(r) => return r.words(user.locale),
            };
            match s.whole_log(&self.play.store).await {
                Ok(log) => (render::LogSource::of(&s), log),
                Err(e) => return store_failed(&tr, &e),
            }
        };
        // Replaying the whole log is CPU work: off the async workers, the game's lock let go.
        let locale = user.locale;
        tokio::task::spawn_blocking(move || render::log_page(&source, &log, locale, page))
            .await
            .unwrap_or_else(|_| tr.t("error-unexpected"))
    }
}

#[async_trait::async_trait]
impl Lobbies for Tables {
    async fn open_rematch(
        &self,
        kind: GameKind,
        guild: Option<GuildId>,
        channel: ChannelId,
        host: &User,
        options: serde_json::Value,
        table: Table,
    ) -> String {
        let tr = Tr::new(host.locale, &[]);
        match self.play.index.in_channel(channel).await {
            Ok(None) => {}
            Ok(Some(s)) => return render::busy_channel(&tr, s.kind, s.link()),
            Err(e) => return tr.t(e.message()),
        }
        self.open(kind, guild, channel, host, options, table).await
    }
}

#[async_trait::async_trait]
impl LiveSeats for Tables {
    async fn forget_live(&self, user: UserId, games: &[GameId]) {
        for &game in games {
            let Ok(Some(mut s)) = self.play.index.live(game).await else {
                continue; // ended meanwhile, or another process's
            };
            match s.phase.status() {
                Status::Lobby => self.play.leave_lobby(&mut s, user).await,
                Status::Playing => self.play.leave_game(&mut s, user).await,
                Status::Finished | Status::Abandoned => {}
            }
        }
    }
}
