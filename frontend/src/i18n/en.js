// The English catalog whole: every word the app itself writes on the public pages (the spec's texts exactly), by
// area, as the build and the tests read it (a page loads only its areas: languages.js). Keys and their meaning are the
// same in bn.js; a browser test fails when either lacks one.
import home from './en/home.js';
import support from './en/support.js';
import team from './en/team.js';
import gallery from './en/gallery.js';
import notices from './en/notices.js';
import follow from './en/follow.js';
import contact from './en/contact.js';
import feedback from './en/feedback.js';
import auth from './en/auth.js';
import verify from './en/verify.js';
import account from './en/account.js';
import invitation from './en/invitation.js';
import form from './en/form.js';
import shell from './en/shell.js';

export default { ...home, ...support, ...team, ...gallery, ...notices, ...follow, ...contact, ...feedback, ...auth, ...verify, ...account, ...invitation, ...form, ...shell };
