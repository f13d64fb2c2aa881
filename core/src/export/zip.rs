//! A zip archive of files stored as they are (no compression: the page
//! needs no deflate, and an archive of two text files is small), the same
//! bytes for the same files: every entry dated 1980-01-01, names in UTF-8.

use alloc::vec::Vec;

/// CRC-32 (IEEE, as zip uses), bit by bit: the archives are small.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn u16le(out: &mut Vec<u8>, value: u16) {
    out.extend_from_slice(&value.to_le_bytes());
}

fn u32le(out: &mut Vec<u8>, value: u32) {
    out.extend_from_slice(&value.to_le_bytes());
}

/// Version 2.0, UTF-8 names, stored, 00:00 on 1980-01-01.
const VERSION: u16 = 20;
const UTF8: u16 = 0x0800;
const DATE: u16 = (1 << 5) | 1;

/// The archive of `files` (name, bytes), in that order. Sizes beyond 4 GB
/// are not supported (no zip64).
pub fn stored(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, bytes) in files {
        let offset = out.len() as u32;
        let crc = crc32(bytes);
        let (size, name_len) = (bytes.len() as u32, name.len() as u16);
        u32le(&mut out, 0x0403_4b50);
        for v in [VERSION, UTF8, 0, 0, DATE] {
            u16le(&mut out, v);
        }
        for v in [crc, size, size] {
            u32le(&mut out, v);
        }
        u16le(&mut out, name_len);
        u16le(&mut out, 0);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(bytes);
        u32le(&mut central, 0x0201_4b50);
        for v in [VERSION, VERSION, UTF8, 0, 0, DATE] {
            u16le(&mut central, v);
        }
        for v in [crc, size, size] {
            u32le(&mut central, v);
        }
        for v in [name_len, 0, 0, 0, 0] {
            u16le(&mut central, v);
        }
        u32le(&mut central, 0);
        u32le(&mut central, offset);
        central.extend_from_slice(name.as_bytes());
    }
    let (at, size) = (out.len() as u32, central.len() as u32);
    out.extend_from_slice(&central);
    u32le(&mut out, 0x0605_4b50);
    for v in [0, 0, files.len() as u16, files.len() as u16] {
        u16le(&mut out, v);
    }
    u32le(&mut out, size);
    u32le(&mut out, at);
    u16le(&mut out, 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_of_the_standard_check_string() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn entries_and_directory_are_where_they_say() {
        let zip = stored(&[("a.txt", b"hello"), ("b/c.map", b"")]);
        assert_eq!(&zip[..4], b"PK\x03\x04");
        let end = zip.len() - 22;
        assert_eq!(&zip[end..end + 4], b"PK\x05\x06");
        let count = u16::from_le_bytes([zip[end + 10], zip[end + 11]]);
        let at = u32::from_le_bytes(zip[end + 16..end + 20].try_into().unwrap()) as usize;
        assert_eq!(count, 2);
        assert_eq!(&zip[at..at + 4], b"PK\x01\x02");
        assert_eq!(&zip[30..35], b"a.txt");
        assert_eq!(&zip[35..40], b"hello");
    }
}
