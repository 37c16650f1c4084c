//! Shared strings for text that repeats across a log: field ids, choices, rule references, unit
//! names, effect texts. A long game logs the same few hundred strings tens of thousands of times;
//! reading them as symbols keeps one copy of each instead of one allocation per use.
//!
//! A symbol serialises as a plain string, so files and hashes are exactly as with `String`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Borrow;
use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// How many distinct strings each thread remembers; past that, strings are simply not shared, so a
/// hostile file full of distinct strings cannot grow the cache without bound.
const CACHE_LIMIT: usize = 8_192;

thread_local! {
    static CACHE: RefCell<HashSet<Arc<str>>> = RefCell::new(HashSet::new());
}

/// An immutable, cheaply cloned string, shared with every equal symbol read on this thread.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Symbol(Arc<str>);

impl Symbol {
    pub fn new(text: &str) -> Symbol {
        CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            if let Some(shared) = cache.get(text) {
                return Symbol(shared.clone());
            }
            let symbol: Arc<str> = Arc::from(text);
            if cache.len() < CACHE_LIMIT {
                cache.insert(symbol.clone());
            }
            Symbol(symbol)
        })
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for Symbol {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Symbol {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Symbol {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Symbol {
    fn from(text: &str) -> Symbol {
        Symbol::new(text)
    }
}

impl From<String> for Symbol {
    fn from(text: String) -> Symbol {
        Symbol::new(&text)
    }
}

impl From<&String> for Symbol {
    fn from(text: &String) -> Symbol {
        Symbol::new(text)
    }
}

impl PartialEq<str> for Symbol {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for Symbol {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl PartialEq<String> for Symbol {
    fn eq(&self, other: &String) -> bool {
        &*self.0 == other.as_str()
    }
}

impl PartialEq<Symbol> for String {
    fn eq(&self, other: &Symbol) -> bool {
        self.as_str() == &*other.0
    }
}

impl PartialEq<Symbol> for str {
    fn eq(&self, other: &Symbol) -> bool {
        self == &*other.0
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl Serialize for Symbol {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Symbol {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Symbol, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Symbol;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Symbol, E> {
                Ok(Symbol::new(text))
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_symbols_share_one_copy_and_serialise_as_strings() {
        let a = Symbol::new("Retreat, L800-806");
        let b: Symbol = serde_json::from_str("\"Retreat, L800-806\"").expect("a string");
        assert_eq!(a, b);
        assert!(Arc::ptr_eq(&a.0, &b.0));
        assert_eq!(
            serde_json::to_string(&b).expect("json"),
            "\"Retreat, L800-806\""
        );
        assert_eq!(format!("{a}"), "Retreat, L800-806");
        assert_eq!(format!("{a:?}"), "\"Retreat, L800-806\"");
        assert!(a == "Retreat, L800-806");
    }
}
