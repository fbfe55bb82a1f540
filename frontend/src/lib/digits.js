// Digits between scripts: what a visitor types in Bengali digits, as the server reads it (the forms' phone numbers,
// amounts and certificate numbers), and a number's Western digits in a language's own.

/** Bengali digits, as a Bengali keyboard types them (৫০০), as the ones the server reads (500). */
export const westernDigits = (text) => text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));

/** `text` with its Western digits written in `digits`, a script's ten digits from zero: "12" → "১২". */
export const ownDigits = (text, digits) => text.replace(/[0-9]/g, (digit) => digits[digit]);
