//! Checks every body the bot sends: Discord's documented limits (by hand, with readable messages) and
//! the request schema of the matching operation in Discord's OpenAPI description.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use jsonschema::Validator;
use jsonschema::error::ValidationErrorKind;
use serde_json::{Value, json};

use crate::discord::{button_style, callback_type, component_type};

/// One problem in a request body: the JSON pointer of the offending field and what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Violation {
    pub field: String,
    pub problem: String,
}

/// A compiled request schema together with the document its `schemaPath`s point into.
struct Schema {
    root: Value,
    validator: Validator,
}

/// Discord's OpenAPI description, loaded once per test binary; schemas compiled on first use.
struct Spec {
    paths: Vec<(String, Value)>,
    components: Value,
    schemas: Mutex<HashMap<(String, String), Compiled>>,
}

fn spec() -> &'static Spec {
    static SPEC: OnceLock<Spec> = OnceLock::new();
    SPEC.get_or_init(|| {
        let file = concat!(env!("CARGO_MANIFEST_DIR"), "/discord-api/openapi.json");
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("reading {file}: {e}"));
        let mut doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {file}: {e}"));
        relax(&mut doc);
        let paths = doc["paths"]
            .as_object()
            .map(|p| p.clone().into_iter().collect())
            .unwrap_or_default();
        Spec {
            paths,
            components: doc["components"].take(),
            schemas: Mutex::new(HashMap::new()),
        }
    })
}

/// Narrow corrections where the spec rejects what serenity sends and Discord accepts.
fn relax(doc: &mut Value) {
    // Discord documents permission bitsets as strings ("32"), which is what serenity sends; the spec
    // only allows an integer.
    let permissions = &mut doc["components"]["schemas"]["ApplicationCommandUpdateRequest"]["properties"]["default_member_permissions"];
    if permissions.is_object() {
        *permissions = json!({"type": ["string", "integer", "null"], "pattern": "^[0-9]+$", "minimum": 0});
    }
}

/// The spec's path template for a request path below `/api/v10`, preferring literal segments
/// (`messages/@original` over `messages/{message_id}`).
fn template<'a>(spec: &'a Spec, method: &str, path: &str) -> Option<&'a (String, Value)> {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    spec.paths
        .iter()
        .filter(|(_, ops)| ops.get(method).is_some())
        .filter_map(|entry| {
            let parts: Vec<&str> = entry.0.trim_matches('/').split('/').collect();
            if parts.len() != segments.len() {
                return None;
            }
            let mut literal = 0;
            for (part, segment) in parts.iter().zip(&segments) {
                if part == segment {
                    literal += 1;
                } else if !part.starts_with('{') {
                    return None;
                }
            }
            Some((literal, entry))
        })
        .max_by_key(|(literal, _)| *literal)
        .map(|(_, entry)| entry)
}

/// A schema made self-contained by carrying the spec's components, so `#/components/...` resolves.
fn compile(schema: &Value) -> Result<Schema, String> {
    let mut root = match schema {
        Value::Object(_) => schema.clone(),
        other => json!({ "allOf": [other] }),
    };
    root["components"] = spec().components.clone();
    let validator = jsonschema::draft202012::options()
        .build(&root)
        .map_err(|e| e.to_string())?;
    Ok(Schema { root, validator })
}

type Compiled = Result<Arc<Schema>, String>;

fn request_schema(method: &str, path: &str) -> Compiled {
    let spec = spec();
    let (template, ops) =
        template(spec, method, path).ok_or("no such operation in Discord's OpenAPI description")?;
    let mut cache = spec
        .schemas
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    cache
        .entry((method.to_string(), template.clone()))
        .or_insert_with(|| {
            let schema = &ops[method]["requestBody"]["content"]["application/json"]["schema"];
            if schema.is_null() {
                return Err(format!("{template} takes no JSON body"));
            }
            compile(schema)
                .map(Arc::new)
                .map_err(|e| format!("the schema of {template} does not compile: {e}"))
        })
        .clone()
}

/// Validates `body` against the request schema of `method path` (path below `/api/v10`); `Err`
/// if the spec has no JSON body for that operation.
pub fn against_spec(method: &str, path: &str, body: &Value) -> Result<Vec<Violation>, String> {
    let schema = request_schema(&method.to_lowercase(), path)?;
    Ok(explain(&schema, body, ""))
}

/// Schema errors with the field named. The validator reports a failed `anyOf`/`oneOf` only as a
/// whole, so those are explained by validating against the branch the body was meant to match.
fn explain(schema: &Schema, instance: &Value, prefix: &str) -> Vec<Violation> {
    let mut out = Vec::new();
    for error in schema.validator.iter_errors(instance) {
        let field = format!("{prefix}{}", error.instance_path.as_str());
        let branch = match error.kind {
            ValidationErrorKind::AnyOf | ValidationErrorKind::OneOfNotValid => {
                let branches = resolve(&schema.root, error.schema_path.as_str());
                intended_branch(branches, &error.instance).map(|b| explain(&b, &error.instance, &field))
            }
            _ => None,
        };
        match branch {
            Some(violations) if !violations.is_empty() => out.extend(violations),
            _ => out.push(Violation {
                field,
                problem: shorten(error.to_string()),
            }),
        }
    }
    out
}

/// The validator quotes the offending value whole; a long text would bury the message.
fn shorten(problem: String) -> String {
    const MAX: usize = 200;
    match problem.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &problem[..cut]),
        None => problem,
    }
}

/// Follows a validator `schemaPath` through `root`, jumping through each `$ref` on the way.
fn resolve<'a>(root: &'a Value, schema_path: &str) -> &'a Value {
    let mut node = root;
    for segment in schema_path.split('/').skip(1) {
        let segment = segment.replace("~1", "/").replace("~0", "~");
        node = if segment == "$ref" {
            follow(root, node)
        } else {
            match node {
                Value::Array(items) => segment.parse().ok().and_then(|i: usize| items.get(i)),
                other => other.get(&segment),
            }
            .unwrap_or(&Value::Null)
        };
    }
    node
}

fn follow<'a>(root: &'a Value, node: &'a Value) -> &'a Value {
    match node["$ref"].as_str().and_then(|r| r.strip_prefix('#')) {
        Some(pointer) => root.pointer(pointer).unwrap_or(&Value::Null),
        None => node,
    }
}

/// The branch of a union whose `type` discriminator matches the instance, else the closest one.
fn intended_branch(branches: &Value, instance: &Value) -> Option<Schema> {
    let compiled: Vec<Schema> = branches
        .as_array()?
        .iter()
        .filter_map(|b| compile(b).ok())
        .collect();
    let discriminated = compiled.iter().position(|branch| {
        let kind = &follow(&branch.root, &branch.root)["properties"]["type"];
        let allowed = kind["enum"]
            .as_array()
            .cloned()
            .unwrap_or_else(|| vec![kind["const"].clone()]);
        !instance["type"].is_null() && allowed.contains(&instance["type"])
    });
    // Otherwise the branch with the fewest errors, passing over those of another JSON type.
    let score = |branch: &Schema| {
        let errors: Vec<_> = branch.validator.iter_errors(instance).collect();
        let wrong_type = errors.iter().any(|e| {
            e.instance_path.as_str().is_empty() && matches!(e.kind, ValidationErrorKind::Type { .. })
        });
        (wrong_type, errors.len())
    };
    let index = discriminated.or_else(|| (0..compiled.len()).min_by_key(|&i| score(&compiled[i])))?;
    compiled.into_iter().nth(index)
}

/// Collects limit violations with the field's JSON pointer.
#[derive(Default)]
struct Limits(Vec<Violation>);

impl Limits {
    fn fail(&mut self, field: impl Into<String>, problem: impl Into<String>) {
        self.0.push(Violation {
            field: field.into(),
            problem: problem.into(),
        });
    }

    fn max_chars(&mut self, field: String, value: &Value, max: usize) {
        let len = chars(value);
        if len > max {
            self.fail(field, format!("{len} characters, the limit is {max}"));
        }
    }

    fn max_items(&mut self, field: String, items: &[Value], max: usize) {
        if items.len() > max {
            self.fail(field, format!("{} items, the limit is {max}", items.len()));
        }
    }
}

fn chars(value: &Value) -> usize {
    value.as_str().map_or(0, |s| s.chars().count())
}

/// A JSON array's items; none for anything else.
pub(crate) fn array(value: &Value) -> &[Value] {
    value.as_array().map(Vec::as_slice).unwrap_or_default()
}

/// Discord's documented limits for a message body (content, embeds, components) found at `at`.
pub fn message_limits(body: &Value, at: &str) -> Vec<Violation> {
    let mut limits = Limits::default();
    limits.max_chars(format!("{at}/content"), &body["content"], 2000);
    let embeds = array(&body["embeds"]);
    limits.max_items(format!("{at}/embeds"), embeds, 10);
    let mut total = 0;
    for (i, embed) in embeds.iter().enumerate() {
        let e = format!("{at}/embeds/{i}");
        limits.max_chars(format!("{e}/title"), &embed["title"], 256);
        limits.max_chars(format!("{e}/description"), &embed["description"], 4096);
        limits.max_chars(format!("{e}/footer/text"), &embed["footer"]["text"], 2048);
        limits.max_chars(format!("{e}/author/name"), &embed["author"]["name"], 256);
        let fields = array(&embed["fields"]);
        limits.max_items(format!("{e}/fields"), fields, 25);
        for (j, field) in fields.iter().enumerate() {
            limits.max_chars(format!("{e}/fields/{j}/name"), &field["name"], 256);
            limits.max_chars(format!("{e}/fields/{j}/value"), &field["value"], 1024);
            for key in ["name", "value"] {
                if field[key].as_str().is_some_and(|s| s.trim().is_empty()) {
                    limits.fail(format!("{e}/fields/{j}/{key}"), "must not be empty");
                }
            }
            total += chars(&field["name"]) + chars(&field["value"]);
        }
        total += chars(&embed["title"])
            + chars(&embed["description"])
            + chars(&embed["footer"]["text"])
            + chars(&embed["author"]["name"]);
    }
    if total > 6000 {
        limits.fail(
            format!("{at}/embeds"),
            format!("{total} characters in all embeds, the limit is 6000"),
        );
    }
    component_limits(&mut limits, &body["components"], &format!("{at}/components"));
    limits.0
}

fn component_limits(limits: &mut Limits, components: &Value, at: &str) {
    let rows = array(components);
    limits.max_items(at.to_string(), rows, 5);
    let mut custom_ids = HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        let items = array(&row["components"]);
        limits.max_items(format!("{at}/{i}/components"), items, 5);
        if items.len() > 1 && items.iter().any(|c| c["type"] != component_type::BUTTON) {
            limits.fail(
                format!("{at}/{i}/components"),
                "a select menu must be alone in its row",
            );
        }
        for (j, item) in items.iter().enumerate() {
            let c = format!("{at}/{i}/components/{j}");
            match item["custom_id"].as_str() {
                Some(id) => {
                    let len = id.chars().count();
                    if !(1..=100).contains(&len) {
                        limits.fail(
                            format!("{c}/custom_id"),
                            format!("{len} characters, must be 1 to 100"),
                        );
                    }
                    if let Some(first) = custom_ids.insert(id.to_string(), c.clone()) {
                        limits.fail(
                            format!("{c}/custom_id"),
                            format!("\"{id}\" is also used by {first}"),
                        );
                    }
                }
                None if item["url"].is_null() && item["sku_id"].is_null() => limits.fail(
                    format!("{c}/custom_id"),
                    "missing (only link and premium buttons go without)",
                ),
                None => {}
            }
            limits.max_chars(format!("{c}/label"), &item["label"], 80);
            if item["type"] == component_type::BUTTON && item["label"].is_null() && item["emoji"].is_null() {
                limits.fail(c.clone(), "a button needs a label or an emoji");
            }
            limits.max_chars(format!("{c}/placeholder"), &item["placeholder"], 150);
            let options = array(&item["options"]);
            limits.max_items(format!("{c}/options"), options, 25);
            for (k, option) in options.iter().enumerate() {
                for key in ["label", "value", "description"] {
                    limits.max_chars(format!("{c}/options/{k}/{key}"), &option[key], 100);
                }
            }
        }
    }
}

/// The limits that apply to an interaction callback, by callback type.
pub fn callback_limits(body: &Value) -> Vec<Violation> {
    match body["type"].as_u64().and_then(|t| u8::try_from(t).ok()) {
        Some(callback_type::CHANNEL_MESSAGE_WITH_SOURCE | callback_type::UPDATE_MESSAGE) => {
            message_limits(&body["data"], "/data")
        }
        Some(callback_type::APPLICATION_COMMAND_AUTOCOMPLETE_RESULT) => {
            let mut limits = Limits::default();
            limits.max_items("/data/choices".to_string(), array(&body["data"]["choices"]), 25);
            limits.0
        }
        Some(callback_type::MODAL) => {
            let mut limits = Limits::default();
            limits.max_chars("/data/title".to_string(), &body["data"]["title"], 45);
            limits.max_chars("/data/custom_id".to_string(), &body["data"]["custom_id"], 100);
            limits.0
        }
        _ => Vec::new(),
    }
}

/// Fields of `body` that the operation's schema does not declare, at any depth: Discord refuses
/// a misspelled or invented field instead of ignoring it. `Err` as for [`against_spec`].
pub fn unknown_fields(method: &str, path: &str, body: &Value) -> Result<Vec<Violation>, String> {
    let schema = request_schema(&method.to_lowercase(), path)?;
    Ok(undeclared(&schema.root, &schema.root, body, ""))
}

fn undeclared(root: &Value, node: &Value, instance: &Value, at: &str) -> Vec<Violation> {
    let mut node = node;
    while node["$ref"].is_string() {
        node = follow(root, node);
    }
    // A union: judged by the branch the body fits best (the one naming the fewest unknown fields).
    let union = ["anyOf", "oneOf"].iter().find_map(|k| node[*k].as_array());
    if let Some(branches) = union {
        let fitting = branches.iter().filter(|b| fits_type(root, b, instance));
        let judged = fitting.map(|b| undeclared(root, b, instance, at));
        return judged.min_by_key(Vec::len).unwrap_or_default();
    }
    match instance {
        Value::Object(fields) => {
            let mut declared = serde_json::Map::new();
            collect_properties(root, node, &mut declared);
            let open = node["additionalProperties"].is_object() || node["additionalProperties"] == true;
            if declared.is_empty() && !node["additionalProperties"].is_object() {
                // Not an object schema with named fields (e.g. a free-form object).
                return Vec::new();
            }
            let mut out = Vec::new();
            for (key, value) in fields {
                let field = format!("{at}/{key}");
                match declared.get(key) {
                    Some(schema) => out.extend(undeclared(root, schema, value, &field)),
                    None if open => {
                        out.extend(undeclared(root, &node["additionalProperties"], value, &field));
                    }
                    // serenity sends an embed image's read-only fields (`proxy_url`) as null;
                    // a null carries nothing and Discord takes it.
                    None if value.is_null() => {}
                    None => out.push(Violation {
                        field,
                        problem: "unknown field".into(),
                    }),
                }
            }
            out
        }
        Value::Array(items) => items
            .iter()
            .enumerate()
            .flat_map(|(i, item)| undeclared(root, &node["items"], item, &format!("{at}/{i}")))
            .collect(),
        _ => Vec::new(),
    }
}

/// The properties an object schema declares, its `allOf` parts included.
fn collect_properties(root: &Value, node: &Value, into: &mut serde_json::Map<String, Value>) {
    let node = follow(root, node);
    if let Some(properties) = node["properties"].as_object() {
        for (key, schema) in properties {
            into.entry(key.clone()).or_insert_with(|| schema.clone());
        }
    }
    for part in array(&node["allOf"]) {
        collect_properties(root, part, into);
    }
}

/// Whether a union branch could describe the instance at all (its JSON type, its `type` field).
fn fits_type(root: &Value, branch: &Value, instance: &Value) -> bool {
    let branch = follow(root, branch);
    let kind = match instance {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    let types: Vec<&str> = match &branch["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => return true,
    };
    let type_fits = types.contains(&kind) || (kind == "integer" && types.contains(&"number"));
    let discriminator = &branch["properties"]["type"];
    let allowed = discriminator["enum"]
        .as_array()
        .cloned()
        .unwrap_or_else(|| vec![discriminator["const"].clone()]);
    let discriminated =
        instance["type"].is_null() || allowed == [Value::Null] || allowed.contains(&instance["type"]);
    type_fits && discriminated
}

/// Problems with the URL itself: ids that are not snowflakes, query parameters the operation
/// does not take, empty path segments.
pub fn url_problems(method: &str, path: &str, query: Option<&str>) -> Vec<String> {
    let spec = spec();
    let mut out = Vec::new();
    if path.contains("//") || (path.len() > 1 && path.ends_with('/')) {
        out.push(format!("malformed path \"{path}\""));
    }
    let Some((template, ops)) = template(spec, &method.to_lowercase(), path) else {
        return out;
    };
    let operation = &ops[method.to_lowercase()];
    let parameters: Vec<&Value> = array(&ops["parameters"])
        .iter()
        .chain(array(&operation["parameters"]))
        .collect();
    let segments = path.trim_matches('/').split('/');
    for (part, segment) in template.trim_matches('/').split('/').zip(segments) {
        let Some(name) = part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) else {
            continue;
        };
        let snowflake = parameters.iter().any(|p| {
            p["name"] == name
                && p["schema"]["$ref"]
                    .as_str()
                    .is_some_and(|r| r.ends_with("/SnowflakeType"))
        });
        let valid = segment == "0"
            || (!segment.starts_with('0')
                && segment.len() <= 20
                && segment.bytes().all(|b| b.is_ascii_digit()));
        if snowflake && !valid {
            out.push(format!("{name} \"{segment}\" is not a snowflake"));
        }
    }
    for pair in query.unwrap_or_default().split('&').filter(|p| !p.is_empty()) {
        let key = pair.split('=').next().unwrap_or_default();
        let known = parameters.iter().any(|p| p["in"] == "query" && p["name"] == key);
        if !known {
            out.push(format!("{template} takes no query parameter \"{key}\""));
        }
    }
    out
}

/// Rules that span fields, which the schema cannot express: link buttons go with a `url` and no
/// `custom_id` (and the other styles the other way round), and `allowed_mentions` may not both
/// parse a kind and list ids of it.
pub fn cross_field(body: &Value, at: &str) -> Vec<Violation> {
    let mut limits = Limits::default();
    let allowed = &body["allowed_mentions"];
    let parse = array(&allowed["parse"]);
    for kind in ["users", "roles"] {
        if parse.iter().any(|p| p == kind) && !array(&allowed[kind]).is_empty() {
            limits.fail(
                format!("{at}/allowed_mentions"),
                format!("parse \"{kind}\" together with a {kind} list"),
            );
        }
    }
    for (i, row) in array(&body["components"]).iter().enumerate() {
        for (j, item) in array(&row["components"]).iter().enumerate() {
            if item["type"] != component_type::BUTTON {
                continue;
            }
            let c = format!("{at}/components/{i}/components/{j}");
            let link = item["style"] == button_style::LINK;
            if link && !item["custom_id"].is_null() {
                limits.fail(format!("{c}/custom_id"), "a link button has no custom_id");
            }
            if link && item["url"].is_null() {
                limits.fail(format!("{c}/url"), "a link button needs a url");
            }
            if !link && !item["url"].is_null() {
                limits.fail(format!("{c}/url"), "only a link button has a url");
            }
        }
    }
    limits.0
}

/// Whether a message body would create a message with nothing in it.
pub fn empty_message(body: &Value) -> bool {
    let empty = |key: &str| array(&body[key]).is_empty();
    body["content"].as_str().is_none_or(str::is_empty)
        && empty("embeds")
        && empty("components")
        && empty("attachments")
        && empty("sticker_ids")
        && body["poll"].is_null()
}

/// The body as the schema checks it: Discord takes a new upload's attachment `id` as the number
/// of its `files[n]` part (its own examples write `"id": 0`), where the schema only has the
/// snowflake string.
pub fn with_string_attachment_ids(body: &Value) -> Value {
    let mut body = body.clone();
    let stringify = |message: &mut Value| {
        for attachment in message["attachments"].as_array_mut().into_iter().flatten() {
            if let Some(n) = attachment["id"].as_u64() {
                attachment["id"] = Value::String(n.to_string());
            }
        }
    };
    if body.get("attachments").is_some() {
        stringify(&mut body);
    }
    if body.get("data").is_some_and(|d| d.get("attachments").is_some()) {
        stringify(&mut body["data"]);
    }
    body
}
