//! The drafts' index: name, variant, date and size of each saved draft (the
//! drafts themselves are share payloads stored beside it). Pure: reading a
//! damaged index gives an empty one, never an error the user cannot act on.

use super::json::{self, Json};

/// One saved draft.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Draft {
    /// Storage id (unique, never reused in an index).
    pub id: u64,
    /// The user's name for it.
    pub name: String,
    /// Its variant.
    pub variant: String,
    /// When it was saved (ISO 8601, UTC).
    pub date: String,
    /// Its size in characters.
    pub size: usize,
}

/// Reads the index (an empty one when it is missing or damaged).
pub fn read(text: Option<&str>) -> Vec<Draft> {
    let Some(Json::Array(items)) = text.and_then(Json::parse) else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| {
            Some(Draft {
                id: item.get("id")?.as_u64()?,
                name: item.get("name")?.as_str()?.to_string(),
                variant: item.get("variant")?.as_str()?.to_string(),
                date: item.get("date")?.as_str()?.to_string(),
                size: item.get("size")?.as_u64()? as usize,
            })
        })
        .collect()
}

/// Writes the index.
pub fn write(drafts: &[Draft]) -> String {
    let mut out = String::from("[");
    for (i, d) in drafts.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json::write_object(
            &mut out,
            &[
                ("date", &|out: &mut String| json::write_str(out, &d.date)),
                ("id", &|out: &mut String| out.push_str(&d.id.to_string())),
                ("name", &|out: &mut String| json::write_str(out, &d.name)),
                ("size", &|out: &mut String| out.push_str(&d.size.to_string())),
                ("variant", &|out: &mut String| json::write_str(out, &d.variant)),
            ],
        );
    }
    out.push(']');
    out
}

/// Adds a draft (newest first) and returns its id.
pub fn add(drafts: &mut Vec<Draft>, name: &str, variant: &str, date: &str, size: usize) -> u64 {
    let id = drafts.iter().map(|d| d.id).max().map_or(1, |max| max + 1);
    let name = if name.trim().is_empty() {
        format!("{variant} {}", short_date(date))
    } else {
        name.trim().to_string()
    };
    drafts
        .insert(0, Draft { id, name, variant: variant.to_string(), date: date.to_string(), size });
    id
}

/// `2026-11-23T10:04:05.123Z` → `2026-11-23 10:04`.
pub fn short_date(date: &str) -> String {
    date.get(..16).unwrap_or(date).replace('T', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_index_round_trips_and_survives_damage() {
        let mut drafts = Vec::new();
        let a = add(&mut drafts, "", "standard", "2026-11-23T10:04:05.123Z", 120);
        let b = add(&mut drafts, "my map", "imperial", "2026-11-23T11:00:00.000Z", 9000);
        assert_eq!((a, b), (1, 2));
        assert_eq!(drafts[1].name, "standard 2026-11-23 10:04");
        assert_eq!(read(Some(&write(&drafts))), drafts);
        // The index is the text serde_json wrote before.
        let before: Vec<serde_json::Value> = drafts
            .iter()
            .map(|d| serde_json::json!({"id": d.id, "name": d.name, "variant": d.variant, "date": d.date, "size": d.size}))
            .collect();
        assert_eq!(write(&drafts), serde_json::Value::Array(before).to_string());
        assert!(read(Some("{not json")).is_empty());
        assert!(read(None).is_empty());
        assert_eq!(read(Some(r#"[{"id":1}]"#)), []);
    }
}
