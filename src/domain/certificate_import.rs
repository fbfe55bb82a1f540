//! A batch of certificates from a CSV file: parsed and checked row by row, so the admin sees
//! every problem before anything is written.
//!
//! A small hand parser rather than the `csv` crate: the files are at most 1 MB of four text
//! columns, and RFC 4180 quoting (quoted separators, doubled quotes, line breaks inside quotes)
//! is all it needs; the parser is unit-tested below.

use super::certificates::NewCertificate;
use super::values::CertNumber;
use serde::Serialize;
use std::collections::HashMap;

/// Largest file accepted.
pub const MAX_BYTES: usize = 1024 * 1024;
/// Most certificates in one file.
pub const MAX_ROWS: usize = 5_000;

/// One problem of one row: its line number in the file (the header is line 1), the column and why.
#[derive(Debug, Serialize, PartialEq)]
pub struct RowError {
    pub line: usize,
    pub column: &'static str,
    pub message: String,
}

/// The file checked: the certificates it would add, or why not (a problem of the whole file, or
/// each bad row's problems).
pub struct Checked {
    pub certificates: Vec<NewCertificate>,
    pub rows: usize,
    pub errors: Vec<RowError>,
}

/// The file's records (each a list of cells, with the line it starts on); the separator is a
/// semicolon when the header line has more of them than commas, else a comma.
fn records(text: &str) -> Result<Vec<(usize, Vec<String>)>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let header = text.lines().next().unwrap_or_default();
    let separator = if header.matches(';').count() > header.matches(',').count() {
        ';'
    } else {
        ','
    };
    let mut records = Vec::new();
    let mut cells = Vec::new();
    let mut cell = String::new();
    let (mut line, mut start) = (1, 1);
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    cell.push('"');
                }
                '"' => quoted = false,
                _ => {
                    if c == '\n' {
                        line += 1;
                    }
                    cell.push(c);
                }
            }
            continue;
        }
        match c {
            '"' if cell.is_empty() => quoted = true,
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                cells.push(std::mem::take(&mut cell));
                records.push((start, std::mem::take(&mut cells)));
                line += 1;
                start = line;
            }
            _ if c == separator => cells.push(std::mem::take(&mut cell)),
            _ => cell.push(c),
        }
    }
    if quoted {
        return Err(format!(
            "a quoted cell starting on line {start} is never closed"
        ));
    }
    if !cell.is_empty() || !cells.is_empty() {
        cells.push(cell);
        records.push((start, cells));
    }
    // Blank lines (a trailing one above all) are no rows.
    records.retain(|(_, cells)| cells.iter().any(|cell| !cell.trim().is_empty()));
    Ok(records)
}

/// Which column holds what, from the header's names (case and spacing ignored; other columns
/// are left out, so an exported file, with its "Revoked on" column, reads back).
fn columns(header: &[String]) -> Result<HashMap<&'static str, usize>, String> {
    let mut found = HashMap::new();
    for (index, name) in header.iter().enumerate() {
        let name = name.trim().to_lowercase().replace([' ', '_', '-'], "");
        let column = match name.as_str() {
            "name" => "name",
            "number" | "certinumber" | "certificatenumber" | "certificateno." | "certificateno" => {
                "number"
            }
            "event" | "course" | "eventorcourse" => "event",
            "date" | "issuedon" | "issuedate" => "date",
            _ => continue,
        };
        if found.insert(column, index).is_some() {
            return Err(format!("the header names the {column} column twice"));
        }
    }
    for needed in ["name", "number"] {
        if !found.contains_key(needed) {
            return Err(format!(
                "the first line must name the columns: name, number, and optionally event and date (no {needed} column)"
            ));
        }
    }
    Ok(found)
}

/// Parses and checks the file; `taken` answers whether a number is already issued. A problem
/// of the whole file is `Err`.
pub fn check(text: &str, taken: impl Fn(i64) -> bool) -> Result<Checked, String> {
    let mut records = records(text)?.into_iter();
    let (_, header) = records.next().ok_or("the file is empty")?;
    let columns = columns(&header)?;
    let records: Vec<_> = records.collect();
    if records.len() > MAX_ROWS {
        return Err(format!(
            "the file has {} certificates; at most {MAX_ROWS} go in at once",
            records.len()
        ));
    }
    let mut checked = Checked {
        certificates: Vec::new(),
        rows: records.len(),
        errors: Vec::new(),
    };
    let mut seen: HashMap<i64, usize> = HashMap::new();
    for (line, cells) in records {
        let cell = |column: &str| {
            columns
                .get(column)
                .and_then(|&index| cells.get(index))
                .map(|text| text.trim().to_owned())
        };
        let mut bad = |column: &'static str, message: String| {
            checked.errors.push(RowError {
                line,
                column,
                message,
            })
        };
        let name = super::text::line(cell("name"), 100, true)
            .map_err(|why| bad("name", why))
            .ok();
        let number = CertNumber::parse_text(&cell("number").unwrap_or_default())
            .map_err(|why| bad("number", why))
            .ok()
            .and_then(|number| {
                if let Some(first) = seen.insert(number.get(), line) {
                    bad("number", format!("is also on line {first}"));
                    None
                } else if taken(number.get()) {
                    bad("number", "is already issued".into());
                    None
                } else {
                    Some(number)
                }
            });
        let event = super::text::line(cell("event"), 200, false)
            .map_err(|why| bad("event", why))
            .ok();
        let date = super::certificates::optional_date(cell("date"))
            .map_err(|why| bad("date", why))
            .ok();
        if let (Some(name), Some(certinumber), Some(event), Some(issued_on)) =
            (name, number, event, date)
        {
            checked.certificates.push(NewCertificate {
                name,
                certinumber,
                event,
                issued_on,
            });
        }
    }
    Ok(checked)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(text: &str) -> Vec<Vec<String>> {
        records(text)
            .unwrap()
            .into_iter()
            .map(|(_, cells)| cells)
            .collect()
    }

    #[test]
    fn quotes_separators_and_line_breaks_inside_quotes_are_kept() {
        assert_eq!(
            cells("name,number\r\n\"Das, Priya\",1\n\"Say \"\"hi\"\"\nthere\",2\n\n"),
            vec![
                vec!["name", "number"],
                vec!["Das, Priya", "1"],
                vec!["Say \"hi\"\nthere", "2"],
            ]
        );
    }

    #[test]
    fn a_bom_and_semicolons_are_understood() {
        assert_eq!(
            cells("\u{feff}name;number;event\nA;1;\"x; y\"\n"),
            vec![vec!["name", "number", "event"], vec!["A", "1", "x; y"]]
        );
    }

    #[test]
    fn an_unclosed_quote_is_refused() {
        assert!(records("name,number\n\"A,1\n").is_err());
    }

    #[test]
    fn every_bad_row_is_named_with_its_line_and_column() {
        let text =
            "Name,Number,Event,Date\nA,1,,2025-01-31\nB,1,,\nC,x,,\nD,2,,2025-02-30\nE,3,,\n";
        let checked = check(text, |n| n == 3).unwrap();
        let errors: Vec<_> = checked.errors.iter().map(|e| (e.line, e.column)).collect();
        assert_eq!(
            errors,
            vec![(3, "number"), (4, "number"), (5, "date"), (6, "number")]
        );
        assert_eq!(checked.certificates.len(), 1);
        assert_eq!(checked.rows, 5);
    }
}
