// verify: the words of the verify area.
export default {};
