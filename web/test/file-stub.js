// Stands in for CSS and image imports under Jest.
module.exports = {};
