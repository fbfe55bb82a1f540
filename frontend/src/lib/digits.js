// What a visitor types in Bengali digits, as the server reads it: the forms' phone numbers, amounts and certificate
// numbers.

/** Bengali digits, as a Bengali keyboard types them (৫০০), as the ones the server reads (500). */
export const westernDigits = (text) => text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
