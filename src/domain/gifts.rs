//! A payment a donor tells the club about ("after paying, tell us" on the Support page).

use super::text::*;
use super::values::*;
use super::{loose_text, Checker};
use crate::error::ApiError;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GiftRequest {
    name: Option<String>,
    email: Option<String>,
    amount: Option<NumberOrText>,
    reference: Option<String>,
    /// The page's language (`en` when not sent): the thank-you is mailed in it.
    lang: Option<String>,
}

pub struct NewGift {
    pub name: String,
    /// Empty, or an address that parsed.
    pub email: String,
    pub amount_paise: i64,
    /// Letters and digits only, in capitals.
    pub reference: String,
    /// `en` or `bn`.
    pub lang: &'static str,
}

/// The smallest and largest gift one can tell us about, in paise: ₹1 and ₹1,00,00,000.
const SMALLEST_PAISE: i64 = 100;
const LARGEST_PAISE: i64 = 1_000_000_000;

/// Rupees as a donor types them: `1500`, `1,500.50`, `₹ 1,00,000`, `Rs. 500`; into paise.
pub fn rupees(value: Option<String>) -> Result<i64, String> {
    let value = value.unwrap_or_default();
    let text = value.trim();
    let text = text
        .strip_prefix('₹')
        .or_else(|| text.strip_prefix("Rs."))
        .or_else(|| text.strip_prefix("Rs"))
        .or_else(|| text.strip_prefix("INR"))
        .unwrap_or(text);
    let digits: String = text
        .chars()
        .filter(|c| *c != ',' && !c.is_whitespace())
        .collect();
    if digits.is_empty() {
        return Err("is required".into());
    }
    let wrong = || "must be an amount in rupees, such as 500 or 1,500.50".to_string();
    let (whole, fraction) = digits.split_once('.').unwrap_or((&digits, ""));
    let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !all_digits(whole) || !all_digits(fraction) || fraction.len() > 2 {
        return Err(wrong());
    }
    let rupees: i64 = whole
        .parse()
        .map_err(|_| "is more than ₹1,00,00,000".to_string())?;
    let paise: i64 = format!("{fraction:0<2}").parse().map_err(|_| wrong())?;
    let total = rupees
        .checked_mul(100)
        .and_then(|total| total.checked_add(paise))
        .ok_or("is more than ₹1,00,00,000")?;
    match total {
        ..SMALLEST_PAISE => Err("must be at least ₹1".into()),
        SMALLEST_PAISE..=LARGEST_PAISE => Ok(total),
        _ => Err("is more than ₹1,00,00,000".into()),
    }
}

/// A payment's reference as a UPI app or a bank shows it: a UPI transaction's 12-digit UTR, or
/// a bank transfer's UTR of up to 22 letters and digits. Spaces and dashes are dropped, letters
/// put in capitals.
pub fn payment_reference(value: Option<String>) -> Result<String, String> {
    let value = line(value, 100, true)?;
    let reference: String = value
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if !reference.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err("must be letters and digits only, as your UPI app or bank shows it".into());
    }
    match reference.len() {
        0..=5 => Err("must be at least 6 letters or digits (a UPI payment's has 12)".into()),
        6..=35 => Ok(reference),
        _ => Err("must be at most 35 letters or digits".into()),
    }
}

impl NewGift {
    pub fn parse(request: GiftRequest) -> Result<NewGift, ApiError> {
        let mut check = Checker::default();
        let name = check.check("name", line(request.name, 100, true));
        let email = check.check(
            "email",
            match request.email.filter(|email| !email.trim().is_empty()) {
                None => Ok(String::new()),
                Some(email) => Email::parse(Some(email)).map(|email| email.as_str().to_owned()),
            },
        );
        let amount = check.check("amount", rupees(loose_text(request.amount)));
        let reference = check.check("reference", payment_reference(request.reference));
        let lang = check.check(
            "lang",
            match request.lang.as_deref().map(str::trim) {
                None | Some("" | "en") => Ok("en"),
                Some("bn") => Ok("bn"),
                Some(_) => Err("must be en or bn".to_owned()),
            },
        );
        check.finish(|| {
            Some(NewGift {
                name: name?,
                email: email?,
                amount_paise: amount?,
                reference: reference?,
                lang: lang?,
            })
        })
    }
}

/// `PATCH /api/admin/gifts/{id}`: whether the money was found on the statement.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GiftReceivedRequest {
    pub received: bool,
}

/// ₹ and the amount the Indian way: `₹1,00,000`, `₹1,500.50`.
pub fn rupees_text(paise: i64) -> String {
    let whole = (paise / 100).to_string();
    let mut grouped = String::new();
    let (head, last3) = whole.split_at(whole.len().saturating_sub(3));
    let head_digits: Vec<char> = head.chars().collect();
    for (index, digit) in head_digits.iter().enumerate() {
        if index > 0 && (head_digits.len() - index).is_multiple_of(2) {
            grouped.push(',');
        }
        grouped.push(*digit);
    }
    if !head.is_empty() {
        grouped.push(',');
    }
    grouped.push_str(last3);
    match paise % 100 {
        0 => format!("₹{grouped}"),
        fraction => format!("₹{grouped}.{fraction:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amount(text: &str) -> Result<i64, String> {
        rupees(Some(text.to_owned()))
    }

    #[test]
    fn amounts_as_donors_type_them() {
        assert_eq!(amount("500"), Ok(50_000));
        assert_eq!(amount("1,500.50"), Ok(150_050));
        assert_eq!(amount("₹ 1,00,000"), Ok(10_000_000));
        assert_eq!(amount("Rs. 250.5"), Ok(25_050));
        assert_eq!(amount("1"), Ok(100));
        assert_eq!(amount("10000000"), Ok(LARGEST_PAISE));
        assert!(amount("0.99").is_err());
        assert!(amount("10000000.01").is_err());
        assert!(amount("99999999999999999999").is_err());
        assert!(amount("12.345").is_err());
        assert!(amount("-5").is_err());
        assert!(amount("1e3").is_err());
        assert!(amount("five hundred").is_err());
        assert_eq!(amount(" "), Err("is required".into()));
    }

    #[test]
    fn references_lose_spaces_and_dashes() {
        let reference = |text: &str| payment_reference(Some(text.to_owned()));
        assert_eq!(reference("4123 5678 9012"), Ok("412356789012".into()));
        assert_eq!(reference("sbin-r5-2024"), Ok("SBINR52024".into()));
        assert!(reference("12345").is_err());
        assert!(reference("UTR: 412356789012").is_err());
        assert!(reference(&"1".repeat(36)).is_err());
    }

    #[test]
    fn amounts_read_the_indian_way() {
        assert_eq!(rupees_text(100), "₹1");
        assert_eq!(rupees_text(150_050), "₹1,500.50");
        assert_eq!(rupees_text(10_000_000), "₹1,00,000");
        assert_eq!(rupees_text(LARGEST_PAISE), "₹1,00,00,000");
        assert_eq!(rupees_text(99_900), "₹999");
    }
}
