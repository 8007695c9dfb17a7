//! JSON read into a tree that borrows its strings from the text it was parsed from. JSON-LD
//! blocks are parsed once and walked for a few fields; serde_json's `Value` allocated a `String`
//! for every key and string and a map for every object (2-3% of an extraction's instructions).

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::fmt;

pub enum Json<'a> {
    String(Cow<'a, str>),
    Array(Vec<Json<'a>>),
    /// Members in document order.
    Object(Vec<(Cow<'a, str>, Json<'a>)>),
    /// A number, boolean or null: what JSON-LD's readers here never look at.
    Other,
}

impl<'a> Json<'a> {
    pub fn parse(text: &'a str) -> Option<Json<'a>> {
        serde_json::from_str(text).ok()
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    /// The member `key` of an object: the last one of that name, as JSON parsers keep.
    pub fn get(&self, key: &str) -> Option<&Json<'a>> {
        match self {
            Json::Object(members) => members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The same tree owning its strings, free of the text.
    pub fn into_owned(self) -> Json<'static> {
        match self {
            Json::String(s) => Json::String(Cow::Owned(s.into_owned())),
            Json::Array(items) => Json::Array(items.into_iter().map(Json::into_owned).collect()),
            Json::Object(members) => Json::Object(members.into_iter().map(|(k, v)| (Cow::Owned(k.into_owned()), v.into_owned())).collect()),
            Json::Other => Json::Other,
        }
    }
}

impl<'de> Deserialize<'de> for Json<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Json<'de>, E> {
        Ok(Json::String(Cow::Borrowed(s)))
    }

    fn visit_str<E>(self, s: &str) -> Result<Json<'de>, E> {
        Ok(Json::String(Cow::Owned(s.to_string())))
    }

    fn visit_string<E>(self, s: String) -> Result<Json<'de>, E> {
        Ok(Json::String(Cow::Owned(s)))
    }

    fn visit_bool<E>(self, _: bool) -> Result<Json<'de>, E> {
        Ok(Json::Other)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Json<'de>, E> {
        Ok(Json::Other)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Json<'de>, E> {
        Ok(Json::Other)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Json<'de>, E> {
        Ok(Json::Other)
    }

    fn visit_unit<E>(self) -> Result<Json<'de>, E> {
        Ok(Json::Other)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json<'de>, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json<'de>, A::Error> {
        let mut members = Vec::new();
        while let Some((Key(k), v)) = map.next_entry()? {
            members.push((k, v));
        }
        Ok(Json::Object(members))
    }
}

/// An object's key, borrowed when it holds no escape (serde's `Cow<str>` always copies).
struct Key<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match deserializer.deserialize_str(JsonVisitor)? {
            Json::String(s) => Ok(Key(s)),
            _ => Err(serde::de::Error::custom("a key that is not a string")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_borrow_unless_escaped_and_members_keep_their_order() {
        let text = r#"{"b": "plain", "a": ["x\u00e9", 1, true, null, {"k": "v"}], "b": "last"}"#;
        let json = Json::parse(text).unwrap();
        let Json::Object(members) = &json else { panic!("an object") };
        assert_eq!(members.iter().map(|(k, _)| k.as_ref()).collect::<Vec<_>>(), ["b", "a", "b"]);
        assert!(matches!(&members[0].1, Json::String(Cow::Borrowed("plain"))));
        assert_eq!(json.get("b").and_then(Json::as_str), Some("last"));
        let Some(Json::Array(items)) = json.get("a") else { panic!("an array") };
        assert!(matches!(&items[0], Json::String(Cow::Owned(s)) if s == "xé"));
        assert!(items[1..4].iter().all(|i| matches!(i, Json::Other)));
        assert_eq!(items[4].get("k").and_then(Json::as_str), Some("v"));
        assert!(Json::parse("{\"a\": ").is_none());
    }
}
