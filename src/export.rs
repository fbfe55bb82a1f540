//! CSV for spreadsheets: RFC 4180 quoting, and formula-looking cells neutralised.

use crate::db::certificates::Certificate;
use crate::db::contacts::Contact;

/// The first line of the certificates' CSV file; the import reads files with these headings.
pub fn certificates_header() -> String {
    csv_row(["Name", "Number", "Event", "Date", "Revoked on"])
}

/// One certificate as a CSV line.
pub fn certificate_row(certificate: &Certificate) -> String {
    let number = certificate.certinumber.to_string();
    csv_row([
        certificate.name.as_str(),
        &number,
        &certificate.event,
        certificate.issued_on.as_deref().unwrap_or(""),
        certificate.revoked_on.as_deref().unwrap_or(""),
    ])
}

/// The first line of the contact messages' CSV file.
pub fn contacts_header() -> String {
    csv_row(["Name", "Email", "Telephone", "Rating", "Message", "Sent at"])
}

/// One contact message as a CSV line.
pub fn contact_row(contact: &Contact) -> String {
    let rating = format!("{}star", contact.subject.stars());
    csv_row([
        contact.name.as_str(),
        &contact.email,
        &contact.telephone,
        &rating,
        &contact.message,
        &contact.created_at,
    ])
}

/// The first line of the followers' CSV file.
pub fn followers_header() -> String {
    csv_row(["Email", "Language", "Confirmed at", "Asked at"])
}

/// One follower as a CSV line.
pub fn follower_row(follower: &crate::db::followers::Follower) -> String {
    csv_row([
        follower.email.as_str(),
        &follower.lang,
        follower.confirmed_at.as_deref().unwrap_or(""),
        &follower.created_at,
    ])
}

/// The first line of the activity log's CSV file.
pub fn audit_header() -> String {
    csv_row(["When", "Who", "Address", "What", "Record", "Changes"])
}

/// One activity log entry as a CSV line; its changes as `field: old → new`, one per line.
pub fn audit_row(item: &crate::db::audit::Item) -> String {
    let entry = &item.entry;
    let changes: Vec<String> = entry
        .changes
        .iter()
        .map(|change| format!("{}: {} → {}", change.field, change.old, change.new))
        .collect();
    csv_row([
        item.at.as_str(),
        &entry.actor,
        &entry.address,
        &entry.action,
        &entry.target,
        &changes.join("\n"),
    ])
}

/// One CSV line (with CRLF) from its cells.
fn csv_row<'a>(cells: impl IntoIterator<Item = &'a str>) -> String {
    let mut line = cells
        .into_iter()
        .map(csv_cell)
        .collect::<Vec<_>>()
        .join(",");
    line.push_str("\r\n");
    line
}

/// Quotes a cell when it holds a comma, semicolon, tab, quote or line break (semicolon- and
/// tab-separated locales split on those); a cell a spreadsheet would run as a formula
/// (`= + - @`, tab, carriage return first) gets a leading `'` so it stays text.
fn csv_cell(value: &str) -> String {
    let guarded = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if guarded.contains([',', ';', '\t', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_quoted_and_formulas_neutralised() {
        assert_eq!(
            csv_row(["a", "b,c", "say \"hi\"", "two\nlines"]),
            "a,\"b,c\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n"
        );
        assert_eq!(
            csv_row(["=1+1", "+91 1234", "@SUM(A1)", "-2", "ok"]),
            "'=1+1,'+91 1234,'@SUM(A1),'-2,ok\r\n"
        );
        assert_eq!(
            csv_row(["x;=1+1", "a\tb"]),
            "\"x;=1+1\",\"a\tb\"\r\n",
            "semicolons and tabs are quoted for locales that split on them"
        );
    }
}
