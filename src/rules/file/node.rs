//! A node of a game file: what is wrong at it, with where (line, column,
//! element), and its attributes.

use std::fmt;

use roxmltree::Node;

/// Why a file is not a valid game file: what, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// What is wrong.
    pub message: String,
    /// The element concerned, if any.
    pub element: Option<String>,
    /// Line (1-based), 0 when unknown.
    pub line: u32,
    /// Column (1-based), 0 when unknown.
    pub column: u32,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}, column {}: ", self.line, self.column)?;
        }
        if let Some(e) = &self.element {
            write!(f, "element <{e}>: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for FileError {}

pub(super) fn plain(message: impl Into<String>) -> FileError {
    FileError {
        message: message.into(),
        element: None,
        line: 0,
        column: 0,
    }
}

pub(super) fn at(node: Node, message: impl Into<String>) -> FileError {
    let pos = node.document().text_pos_at(node.range().start);
    FileError {
        message: message.into(),
        element: node
            .is_element()
            .then(|| node.tag_name().name().to_string()),
        line: pos.row,
        column: pos.col,
    }
}

/// What reading a game file gives.
pub(super) type Result<T> = std::result::Result<T, FileError>;

/// An unqualified attribute's value.
pub(super) fn attr<'a>(node: Node<'a, '_>, name: &str) -> Option<&'a str> {
    node.attributes()
        .find(|a| a.namespace().is_none() && a.name() == name)
        .map(|a| a.value())
}
