// gallery: the words of the gallery area.
export default {};
