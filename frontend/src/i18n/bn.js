// The Bengali catalog (বাংলা) whole, as a reader in West Bengal would say it (see glossary.md for the recurring
// words), as the build and the tests read it (a page loads only its areas: languages.js).
import home from './bn/home.js';
import support from './bn/support.js';
import team from './bn/team.js';
import gallery from './bn/gallery.js';
import notices from './bn/notices.js';
import follow from './bn/follow.js';
import contact from './bn/contact.js';
import feedback from './bn/feedback.js';
import auth from './bn/auth.js';
import verify from './bn/verify.js';
import account from './bn/account.js';
import invitation from './bn/invitation.js';
import form from './bn/form.js';
import pages from './bn/pages.js';
import shell from './bn/shell.js';

export default { ...home, ...support, ...team, ...gallery, ...notices, ...follow, ...contact, ...feedback, ...auth, ...verify, ...account, ...invitation, ...form, ...shell, ...pages };
