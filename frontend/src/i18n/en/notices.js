// notices: the words of the notices area.
export default {};
