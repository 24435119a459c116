//! The one place a platform-neutral [`View`] becomes Discord builders: embeds, action rows,
//! allowed mentions, interaction responses, channel messages.

use crate::engine::{Button, Row, Style, View};
use crate::session::{Post, Reply};
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton, CreateEmbed,
    CreateEmbedFooter, CreateInteractionResponse, CreateInteractionResponseMessage, CreateMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditAttachments, EditMessage, UserId,
};

/// The embed of a post: its view, with the board picture (or a replay's animation) as its
/// image when it has one, referred to by its file name.
fn post_embed(post: &Post) -> CreateEmbed {
    let embed = embed(&post.view);
    match &post.picture {
        Some(picture) => embed.image(format!("attachment://{}", picture.file)),
        None => embed,
    }
}

/// The board picture as an upload, its alt text as the attachment's description.
fn attachment(post: &Post) -> Option<CreateAttachment> {
    let picture = post.picture.as_ref()?;
    Some(CreateAttachment::bytes(picture.png.clone(), picture.file).description(&picture.alt))
}

/// On an edit, Discord keeps the attachments the body lists and adds the new files: the board
/// lists only its new picture (or none), so an old picture never lingers.
fn edit_attachments(post: &Post) -> EditAttachments {
    match attachment(post) {
        Some(file) => EditAttachments::new().add(file),
        None => EditAttachments::new(),
    }
}

pub fn embed(view: &View) -> CreateEmbed {
    let mut embed = CreateEmbed::new().title(&view.title).colour(view.colour);
    // A board whose picture carries all of it may have no words to add.
    if !view.description.is_empty() {
        embed = embed.description(&view.description);
    }
    for f in &view.fields {
        embed = embed.field(&f.name, &f.value, f.inline);
    }
    if let Some(footer) = &view.footer {
        embed = embed.footer(CreateEmbedFooter::new(footer));
    }
    embed
}

pub fn components(view: &View) -> Vec<CreateActionRow> {
    view.rows
        .iter()
        .map(|row| match row {
            Row::Select(select) => {
                let options = select
                    .options
                    .iter()
                    .map(|o| {
                        let opt = CreateSelectMenuOption::new(&o.label, &o.value);
                        match &o.description {
                            Some(d) => opt.description(d),
                            None => opt,
                        }
                    })
                    .collect();
                CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(&select.id, CreateSelectMenuKind::String { options })
                        .placeholder(&select.placeholder),
                )
            }
            Row::Buttons { buttons } => CreateActionRow::Buttons(buttons.iter().map(button).collect()),
        })
        .collect()
}

fn button(b: &Button) -> CreateButton {
    let mut created = CreateButton::new(&b.id).label(&b.label).style(match b.style {
        Style::Primary => ButtonStyle::Primary,
        Style::Secondary => ButtonStyle::Secondary,
        Style::Success => ButtonStyle::Success,
        Style::Danger => ButtonStyle::Danger,
    });
    if let Some(e) = &b.emoji {
        created = created.emoji(serenity::ReactionType::Unicode(e.clone()));
    }
    created.disabled(b.disabled)
}

/// Whom a message sent outside poise may mention: exactly `users`, never everyone, roles or
/// anyone else. The one place those messages' mentions are set.
pub fn pinging(users: &[crate::id::UserId]) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(users.iter().map(|u| UserId::new(u.get())))
}

/// Content is always sent, empty when there is none, so an edit clears an old ping.
fn content(post: &Post) -> String {
    post.content.clone().unwrap_or_default()
}

/// The answer to a click, in time.
pub fn respond(reply: &Reply) -> CreateInteractionResponse {
    match reply {
        Reply::Private(text) => private(text),
        Reply::Update(post) => update(post),
        Reply::Show(post) => CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new()
                .embed(post_embed(post))
                .ephemeral(true)
                .allowed_mentions(pinging(&[]))
                .files(attachment(post)),
        ),
    }
}

/// The answer to a click that was deferred: edit the clicked message, or tell the clicker privately.
pub async fn follow_up(
    http: &serenity::Http,
    click: &serenity::ComponentInteraction,
    reply: &Reply,
) -> Result<(), serenity::Error> {
    match reply {
        Reply::Private(text) => click
            .create_followup(http, private_follow_up(text))
            .await
            .map(|_| ()),
        Reply::Update(post) => click.edit_response(http, edit_original(post)).await.map(|_| ()),
        Reply::Show(post) => {
            let shown = serenity::CreateInteractionResponseFollowup::new()
                .embed(post_embed(post))
                .ephemeral(true)
                .allowed_mentions(pinging(&[]))
                .files(attachment(post));
            click.create_followup(http, shown).await.map(|_| ())
        }
    }
}

pub fn private_follow_up(text: &str) -> serenity::CreateInteractionResponseFollowup {
    serenity::CreateInteractionResponseFollowup::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(pinging(&[]))
}

/// The clicked message, edited after a deferred answer.
pub fn edit_original(post: &Post) -> serenity::EditInteractionResponse {
    serenity::EditInteractionResponse::new()
        .content(content(post))
        .embed(post_embed(post))
        .components(components(&post.view))
        .allowed_mentions(pinging(&post.ping))
        .attachments(edit_attachments(post))
}

pub fn update(post: &Post) -> CreateInteractionResponse {
    // The response's attachments list replaces the message's: its picture, or none.
    CreateInteractionResponse::UpdateMessage(
        CreateInteractionResponseMessage::new()
            .content(content(post))
            .embed(post_embed(post))
            .components(components(&post.view))
            .allowed_mentions(pinging(&post.ping))
            .files(attachment(post)),
    )
}

/// A command's answer showing a post: its content, embed, controls and picture.
pub fn reply(post: &Post) -> poise::CreateReply {
    let reply = poise::CreateReply::default()
        .content(content(post))
        .embed(post_embed(post))
        .components(components(&post.view));
    match attachment(post) {
        Some(file) => reply.attachment(file),
        None => reply,
    }
}

pub fn private(text: &str) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(pinging(&[])),
    )
}

pub fn message(post: &Post) -> CreateMessage {
    let mut m = CreateMessage::new()
        .embed(post_embed(post))
        .components(components(&post.view))
        .allowed_mentions(pinging(&post.ping))
        .files(attachment(post));
    if let Some(c) = &post.content {
        m = m.content(c);
    }
    m
}

pub fn edit(post: &Post) -> EditMessage {
    EditMessage::new()
        .content(content(post))
        .embed(post_embed(post))
        .components(components(&post.view))
        .allowed_mentions(pinging(&post.ping))
        .attachments(edit_attachments(post))
}
