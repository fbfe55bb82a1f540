// auth: the words of the auth area.
export default {};
