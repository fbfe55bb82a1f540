// invitation: the words of the invitation area.
export default {};
