// The Contacts screen at 1366 px and 360 px, by keyboard: a message with a landline number offers Reply and Call
// and no WhatsApp (which reaches only a mobile), where one with a mobile number offers all three. Clean under axe.
import { expect, test, uniqueEmail } from './fixtures.js';
import { asAdmin, openAdmin, row } from './admin-helpers.js';
import { violations } from './axe.js';

test.use({ bypassCSP: true });

/** Sends a contact message from `name` with this number; answers the sender's (unique) address. */
async function sendMessage(request, name, telephone) {
  const email = uniqueEmail('parent');
  const response = await request.post('/api/form/contact', {
    data: { name, email, telephone, subject: '4star', message: 'When are the classes?' },
  });
  expect(response.status(), 'send contact').toBe(201);
  return email;
}

/** From the message's tick box, each Tab gives the focus to the next of `controls`. */
async function tabsFromTickBox(page, message, name, controls) {
  await message.getByRole('checkbox', { name: `Select the message from ${name}` }).focus();
  for (const control of controls) {
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
  }
}

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 360, height: 740 },
]) {
  test(`at ${viewport.width} px a landline gets Reply and Call and no WhatsApp, a mobile all three`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await asAdmin(page, request);
    const landline = await sendMessage(request, 'Anirban Chattopadhyay', '033 2456 7890');
    const mobile = await sendMessage(request, 'Rina Das', '+91 98765 43210');
    await openAdmin(page, '/admin/contacts');

    const fromMobile = row(page, mobile);
    const whatsApp = fromMobile.getByRole('link', { name: 'WhatsApp Rina Das (opens in a new tab)' });
    await tabsFromTickBox(page, fromMobile, 'Rina Das', [
      fromMobile.getByRole('link', { name: 'Reply to Rina Das' }),
      fromMobile.getByRole('link', { name: 'Call Rina Das' }),
      whatsApp,
      fromMobile.getByRole('button', { name: 'Mark read the message from Rina Das' }),
    ]);
    await expect(whatsApp).toHaveAttribute('href', 'https://wa.me/919876543210');

    // The landline: from Call, Tab goes straight on to Mark read.
    const fromLandline = row(page, landline);
    const call = fromLandline.getByRole('link', { name: 'Call Anirban Chattopadhyay' });
    await tabsFromTickBox(page, fromLandline, 'Anirban Chattopadhyay', [
      fromLandline.getByRole('link', { name: 'Reply to Anirban Chattopadhyay' }),
      call,
      fromLandline.getByRole('button', { name: 'Mark read the message from Anirban Chattopadhyay' }),
    ]);
    await expect(call).toHaveAttribute('href', 'tel:+913324567890');
    await expect(fromLandline.getByRole('link', { name: /^WhatsApp/ })).toHaveCount(0);
    expect(await violations(page)).toEqual([]);
  });
}
