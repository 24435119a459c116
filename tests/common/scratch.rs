//! A folder of a test's own in the temp dir, removed when dropped unless the test is failing:
//! then it stays, named on stderr, for its files (a bot's log, a database) to be looked at. The
//! CLI and e2e tests include this file.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

pub struct Scratch(PathBuf);

impl Scratch {
    /// A new empty folder `saikoro-<name>-<process>-<n>`: tests of one binary run at once, and
    /// several binaries too.
    pub fn new(name: &str) -> Self {
        static MADE: AtomicU32 = AtomicU32::new(0);
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("saikoro-{name}-{}-{n}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).expect("a folder in the temp dir");
        Self(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("kept {} to look at", self.0.display());
        } else {
            std::fs::remove_dir_all(&self.0).ok();
        }
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}
