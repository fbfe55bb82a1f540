// support: the words of the support area.
export default {};
