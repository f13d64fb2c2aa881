//! `Name`: an immutable string that stores up to 22 bytes inline.
//!
//! Map data is made of thousands of short strings (`SPA/NC`, `MAO`,
//! `FRANCE`); allocating each one dominated load time. `Name` keeps short
//! ones in place and shares long ones (`Arc<str>`), and reads like a `&str`.

use alloc::string::String;
use alloc::sync::Arc;
use core::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;

const INLINE: usize = 22;

/// A short-string-optimised, immutable string.
#[derive(Clone)]
pub struct Name(Repr);

#[derive(Clone)]
enum Repr {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(Arc<str>),
}

impl Name {
    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // The bytes were copied from a `&str` and cut at its length, so
            // they are valid UTF-8; the fallback is unreachable.
            Repr::Inline { len, bytes } => {
                core::str::from_utf8(&bytes[..*len as usize]).unwrap_or_default()
            }
            Repr::Heap(text) => text,
        }
    }
}

impl Name {
    /// The bytes (no UTF-8 validation: comparisons and hashing use these).
    pub fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            Repr::Inline { len, bytes } => &bytes[..*len as usize],
            Repr::Heap(text) => text.as_bytes(),
        }
    }
}

impl From<&str> for Name {
    fn from(text: &str) -> Name {
        if text.len() <= INLINE {
            let mut bytes = [0u8; INLINE];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            Name(Repr::Inline { len: text.len() as u8, bytes })
        } else {
            Name(Repr::Heap(Arc::from(text)))
        }
    }
}

impl From<String> for Name {
    fn from(text: String) -> Name {
        Name::from(text.as_str())
    }
}

impl From<&String> for Name {
    fn from(text: &String) -> Name {
        Name::from(text.as_str())
    }
}

impl Default for Name {
    fn default() -> Name {
        Name::from("")
    }
}

impl Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for Name {}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, other: &String) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<Name> for str {
    fn eq(&self, other: &Name) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<Name> for &str {
    fn eq(&self, other: &Name) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<Name> for String {
    fn eq(&self, other: &Name) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialOrd for Name {
    fn partial_cmp(&self, other: &Name) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Name {
    fn cmp(&self, other: &Name) -> Ordering {
        // Byte order is `str` order.
        self.as_bytes().cmp(other.as_bytes())
    }
}

impl Hash for Name {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long() {
        let short = Name::from("SPA/NC");
        let long = Name::from("a name longer than twenty-two bytes, Þ");
        assert_eq!(short, "SPA/NC");
        assert_eq!(&*long, "a name longer than twenty-two bytes, Þ");
        assert_eq!(Name::from("ÞIVEREU").len(), 8);
        assert!(short < long);
    }
}
