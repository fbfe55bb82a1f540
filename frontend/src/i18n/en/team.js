// team: the words of the team area.
export default {};
