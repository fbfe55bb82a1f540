//! Sealing a copy with the passphrase in the age format (so `age -d` alone opens one in an
//! emergency), and opening it again; file to file, never whole in memory.

use age::secrecy::SecretString;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

/// scrypt's cost for the passphrase (2^14: 16 MiB and a fraction of a second). The age tool's
/// own default targets a second of work and 256 MiB, which a small VPS serving pages must not
/// spend at every upload; with 16 characters at least, the passphrase carries the strength.
const WORK_FACTOR: u8 = 14;

/// Where a backup's encrypted copy is written on its way up.
pub fn sealed_beside(backup: &Path) -> PathBuf {
    PathBuf::from(format!("{}.age.partial", backup.display()))
}

/// Encrypts the file at `plain` into `sealed` with `passphrase`.
pub fn encrypt(plain: &Path, sealed: &Path, passphrase: &SecretString) -> Result<(), String> {
    let mut recipient = age::scrypt::Recipient::new(passphrase.clone());
    recipient.set_work_factor(WORK_FACTOR);
    let encryptor =
        age::Encryptor::with_recipients(std::iter::once(&recipient as &dyn age::Recipient))
            .map_err(|err| format!("cannot encrypt the copy: {err}"))?;
    let out =
        File::create(sealed).map_err(|err| format!("cannot write {}: {err}", sealed.display()))?;
    let mut writer = encryptor
        .wrap_output(BufWriter::new(out))
        .map_err(|err| format!("cannot encrypt the copy: {err}"))?;
    let mut input =
        File::open(plain).map_err(|err| format!("cannot read {}: {err}", plain.display()))?;
    io::copy(&mut input, &mut writer).map_err(|err| format!("cannot encrypt the copy: {err}"))?;
    writer
        .finish()
        .and_then(|mut out| out.flush())
        .map_err(|err| format!("cannot encrypt the copy: {err}"))
}

/// Decrypts the copy at `sealed` into `out` with `passphrase`.
pub fn decrypt(sealed: &Path, out: &Path, passphrase: &SecretString) -> Result<(), String> {
    let input = File::open(sealed).map_err(|err| err.to_string())?;
    let decryptor = age::Decryptor::new_buffered(BufReader::new(input))
        .map_err(|_| "the downloaded copy is not an age file".to_string())?;
    let identity = age::scrypt::Identity::new(passphrase.clone());
    let mut reader = decryptor
        .decrypt(std::iter::once(&identity as &dyn age::Identity))
        .map_err(|err| match err {
            age::DecryptError::DecryptionFailed
            | age::DecryptError::KeyDecryptionFailed
            | age::DecryptError::NoMatchingKeys => {
                "the passphrase does not open this copy: check JYOTI_OFFSITE_PASSPHRASE".to_string()
            }
            other => format!("the copy cannot be decrypted: {other}"),
        })?;
    let mut file = BufWriter::new(File::create(out).map_err(|err| err.to_string())?);
    io::copy(&mut reader, &mut file)
        .map_err(|err| format!("the copy cannot be decrypted: {err}"))?;
    file.flush().map_err(|err| err.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_is_sealed_with_the_passphrase_and_opens_with_it_only() {
        let dir = tempfile::tempdir().unwrap();
        let passphrase = SecretString::from("sixteen chars ok".to_string());
        let plain = dir.path().join("plain.db");
        std::fs::write(&plain, b"SQLite format 3\0 and the rest").unwrap();
        let sealed = dir.path().join("sealed.age");
        encrypt(&plain, &sealed, &passphrase).unwrap();
        let bytes = std::fs::read(&sealed).unwrap();
        assert!(bytes.starts_with(b"age-encryption.org/v1"), "an age file");
        assert!(!bytes.windows(15).any(|w| w == b"SQLite format 3"));
        let opened = dir.path().join("opened.db");
        decrypt(&sealed, &opened, &passphrase).unwrap();
        assert_eq!(
            std::fs::read(&opened).unwrap(),
            std::fs::read(&plain).unwrap()
        );
        let wrong = decrypt(
            &sealed,
            &opened,
            &SecretString::from("a wrong passphrase".to_string()),
        );
        assert!(wrong.unwrap_err().contains("passphrase does not open"));
    }
}
