// common: the words of the common area.
export default {};
