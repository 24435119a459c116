//! What the bot posted as Discord keeps it (a message with its edits, uploads and pings) and how
//! it answered an interaction.

use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use crate::MessageId;
use crate::discord::message_flags;
use crate::validate::array;

/// A message as Discord stores it, with the latest edit applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub id: u64,
    pub channel_id: u64,
    pub content: String,
    pub embeds: Vec<Value>,
    pub components: Vec<Value>,
    pub flags: u64,
    /// The interaction this message answers (original response or follow-up), if any.
    pub interaction: Option<u64>,
    /// The user who triggered that interaction.
    pub interaction_user: Option<u64>,
    pub edited: bool,
    pub deleted: bool,
    /// Whom posting it notified, as Discord decides from the content and `allowed_mentions`
    /// (edits notify no one).
    pub pings: Pings,
    /// The `allowed_mentions` it was posted with (null if absent).
    pub allowed_mentions: Value,
    /// Its files, as uploaded and kept through edits.
    pub attachments: Vec<Attachment>,
}

/// A file uploaded with a message (multipart `files[n]`), as the request carried it.
#[derive(Clone, Debug, PartialEq)]
pub struct Upload {
    /// The `n` of its `files[n]` part, which the body's `attachments` refer to as `id`.
    pub index: u64,
    pub filename: String,
    pub content_type: String,
    pub data: Vec<u8>,
}

/// The files of a request (none for a JSON body), put beside the body by the request check.
#[derive(Clone, Debug, Default)]
pub struct Uploads(pub Arc<Vec<Upload>>);

/// A file attached to a message.
#[derive(Clone, Debug, PartialEq)]
pub struct Attachment {
    pub id: u64,
    pub filename: String,
    /// Its alt text.
    pub description: Option<String>,
    pub content_type: String,
    pub data: Vec<u8>,
}

/// Discord's most attachments on one message.
const MAX_ATTACHMENTS: usize = 10;

/// The notifications a message caused.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pings {
    pub users: Vec<u64>,
    pub roles: Vec<u64>,
    /// `@everyone` or `@here`.
    pub everyone: bool,
}

impl Message {
    pub fn ephemeral(&self) -> bool {
        self.flags & message_flags::EPHEMERAL != 0
    }

    /// Every component below the action rows (buttons and selects), in reading order.
    pub fn controls(&self) -> Vec<&Value> {
        self.components
            .iter()
            .flat_map(|row| row["components"].as_array().into_iter().flatten())
            .collect()
    }

    pub fn custom_ids(&self) -> Vec<String> {
        self.controls()
            .iter()
            .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
            .collect()
    }

    /// Takes the fields present in a message body (Discord leaves absent fields unchanged); the
    /// "thinking…" state of a deferred reply ends with it.
    pub fn apply(&mut self, body: &Value) {
        if let Some(content) = body.get("content") {
            self.content = content.as_str().unwrap_or_default().to_string();
        }
        if let Some(embeds) = body.get("embeds") {
            self.embeds = embeds.as_array().cloned().unwrap_or_default();
        }
        if let Some(components) = body.get("components") {
            self.components = components.as_array().cloned().unwrap_or_default();
        }
        self.flags &= !message_flags::LOADING;
    }

    pub fn edit(&mut self, body: &Value) {
        self.apply(body);
        self.edited = true;
    }

    /// The message's attachments after a body with `uploads`: Discord keeps the listed existing
    /// ones and adds the listed new files (`id` = the file's index); without an `attachments`
    /// list, existing ones stay and new files are added. Each uploaded file must be listed (that
    /// is where its alt text goes), each listed id must exist, and every `attachment://` image
    /// of the embeds must name an attachment. `Err`: what Discord would refuse; nothing changed.
    pub fn attach(
        &mut self,
        body: &Value,
        uploads: &[Upload],
        mut new_id: impl FnMut() -> u64,
    ) -> Result<(), String> {
        let mut attachments = Vec::new();
        if let Some(listed) = body.get("attachments") {
            let listed = listed.as_array().ok_or("attachments: not a list")?;
            for (i, item) in listed.iter().enumerate() {
                let id = match &item["id"] {
                    Value::String(s) => s.parse().ok(),
                    other => other.as_u64(),
                }
                .ok_or(format!("attachments[{i}].id: missing"))?;
                let description = item["description"].as_str().map(str::to_string);
                if let Some(upload) = uploads.iter().find(|u| u.index == id) {
                    let filename = item["filename"].as_str().unwrap_or(&upload.filename);
                    attachments.push(Attachment {
                        id: new_id(),
                        filename: filename.to_string(),
                        description,
                        content_type: upload.content_type.clone(),
                        data: upload.data.clone(),
                    });
                } else if let Some(kept) = self.attachments.iter().find(|a| a.id == id) {
                    attachments.push(kept.clone());
                } else {
                    return Err(format!(
                        "attachments[{i}].id: no file files[{id}] and no attachment {id}"
                    ));
                }
            }
            if let Some(unlisted) = uploads
                .iter()
                .find(|u| listed.iter().all(|a| a["id"].as_u64() != Some(u.index)))
            {
                return Err(format!("files[{}] is not listed in attachments", unlisted.index));
            }
        } else {
            attachments.clone_from(&self.attachments);
            for upload in uploads {
                attachments.push(Attachment {
                    id: new_id(),
                    filename: upload.filename.clone(),
                    description: None,
                    content_type: upload.content_type.clone(),
                    data: upload.data.clone(),
                });
            }
        }
        if attachments.len() > MAX_ATTACHMENTS {
            return Err(format!(
                "{} attachments, at most {MAX_ATTACHMENTS}",
                attachments.len()
            ));
        }
        let embeds = body
            .get("embeds")
            .and_then(Value::as_array)
            .unwrap_or(&self.embeds);
        for (i, embed) in embeds.iter().enumerate() {
            if let Some(name) = embed["image"]["url"]
                .as_str()
                .and_then(|u| u.strip_prefix("attachment://"))
                && attachments.iter().all(|a| a.filename != name)
            {
                return Err(format!("embeds[{i}].image.url: no attachment named {name}"));
            }
        }
        self.attachments = attachments;
        Ok(())
    }

    /// The attachment an embed shows as its image, if any.
    pub fn embed_image(&self) -> Option<&Attachment> {
        let url = self.embeds.first()?["image"]["url"].as_str()?;
        let name = url.strip_prefix("attachment://")?;
        self.attachments.iter().find(|a| a.filename == name)
    }

    pub fn message_id(&self) -> MessageId {
        MessageId(self.id)
    }

    /// Title, description, fields and footer of every embed, and the content, as plain text.
    pub fn text(&self) -> String {
        let mut parts = vec![self.content.clone()];
        for embed in &self.embeds {
            for key in ["title", "description"] {
                parts.extend(embed[key].as_str().map(str::to_string));
            }
            for field in array(&embed["fields"]) {
                parts.extend(
                    ["name", "value"]
                        .iter()
                        .filter_map(|k| field[*k].as_str().map(str::to_string)),
                );
            }
            parts.extend(embed["footer"]["text"].as_str().map(str::to_string));
        }
        parts.retain(|p| !p.is_empty());
        parts.join("\n")
    }
}

/// How the bot answered an interaction, and how long after the dispatch.
#[derive(Clone, Debug, PartialEq)]
pub struct Callback {
    /// A [`callback_type`](crate::discord::callback_type).
    pub kind: u8,
    pub data: Value,
    pub latency: Duration,
}

impl Callback {
    /// Whether the answer is shown only to the user who interacted.
    pub fn ephemeral(&self) -> bool {
        self.data["flags"]
            .as_u64()
            .is_some_and(|flags| flags & message_flags::EPHEMERAL != 0)
    }
}
