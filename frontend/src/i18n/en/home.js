// home: the words of the home area.
export default {};
