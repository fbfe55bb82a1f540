// feedback: the words of the feedback area.
export default {};
