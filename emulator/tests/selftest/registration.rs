//! The registration rules Discord enforces beyond its schema, one mutation each (the emulator
//! refuses a registration that breaks any of them).

use saikoro_emulator::registration::{MAX_COMMANDS, valid_name, violations};
use serde_json::Value;
use serde_json::json;

fn command() -> Value {
    json!({
        "name": "saikoro",
        "description": "Dice games",
        "default_member_permissions": "32",
        "name_localizations": {"ja": "さいころ"},
        "options": [{
            "type": 1, "name": "away", "description": "Time off",
            "options": [
                {"type": 3, "name": "until", "description": "When", "required": true},
                {"type": 4, "name": "days", "description": "How long", "min_value": 1, "max_value": 14},
            ],
        }],
    })
}

/// A rule's words in the refusal, and a change that breaks it.
type Mutation = (&'static str, fn(&mut Value));

fn problems(body: &Value) -> Vec<String> {
    violations(body)
        .into_iter()
        .map(|v| format!("{} {}", v.field, v.problem))
        .collect()
}

#[test]
fn a_sound_command_passes() {
    assert_eq!(problems(&json!([command()])), Vec::<String>::new());
    assert!(valid_name("ゲーム一覧") && valid_name("नमस्ते") && valid_name("ไทย"));
}

#[test]
fn each_rule_refuses_its_mutation() {
    let mutations: [Mutation; 13] = [
        ("not a lowercase name", |c| c["name"] = json!("Saikoro")),
        ("not a lowercase name", |c| {
            c["name_localizations"]["ja"] = json!("さい ころ");
        }),
        ("not a lowercase name", |c| {
            c["options"][0]["options"][0]["name"] = json!("Until");
        }),
        ("after an optional option", |c| {
            c["options"][0]["options"].as_array_mut().unwrap().reverse();
        }),
        ("used twice", |c| {
            c["options"][0]["options"][1]["name"] = json!("until");
        }),
        ("not a Discord locale", |c| {
            c["description_localizations"] = json!({"jp": "さいころ"});
        }),
        ("not a Discord locale", |c| {
            c["options"][0]["name_localizations"] = json!({"en": "away"});
        }),
        ("characters in all", |c| {
            c["description_localizations"] = json!({"ja": "長".repeat(4000)});
        }),
        ("is over max_value", |c| {
            c["options"][0]["options"][1]["min_value"] = json!(20);
        }),
        ("not a permission bit string", |c| {
            c["default_member_permissions"] = json!(32);
        }),
        ("not a permission bit string", |c| {
            c["default_member_permissions"] = json!("MANAGE_GUILD");
        }),
        ("not a permission bit string", |c| {
            c["default_member_permissions"] = json!((1u64 << 60).to_string());
        }),
        ("only be set for top-level commands", |c| {
            c["options"][0]["default_member_permissions"] = json!("32");
        }),
    ];
    for (expected, mutate) in mutations {
        let mut c = command();
        mutate(&mut c);
        let found = problems(&json!([c]));
        assert!(
            found.iter().any(|p| p.contains(expected)),
            "{expected}: {found:?}"
        );
    }
    let many: Vec<Value> = (0..=MAX_COMMANDS).map(|_| command()).collect();
    assert!(problems(&json!(many)).iter().any(|p| p.contains("more than 100")));
}
