// contact: the words of the contact area.
export default {};
