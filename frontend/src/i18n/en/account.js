// account: the words of the account area.
export default {};
