// Certificates that can be shared and checked: the printable QR view (its code read by a real decoder), the event
// and issue date, and revocation as the admin does it and a visitor sees it.
import { bearer, expect, freshNumber, issueCertificate, test } from './fixtures.js';
import { asAdmin, expectEscapeCloses, openAdmin, row, toast } from './admin-helpers.js';
import { violations } from './axe.js';
import { emailOff } from './mail-helpers.js';
import { readQr } from './qr.js';

const SITE = 'https://jyoti-school.example';
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
];

// Every test here is the admin's: its pages open logged in, and `token` sets things up through the API.
let token;
test.beforeEach(async ({ page, request }) => {
  token = await asAdmin(page, request);
});

// The site address set here would tell the file's later tests that HTTPS is on (Site health), and give their links
// another host: cleared again at the end.
test.afterAll(async ({ playwright, server }) => {
  await emailOff(playwright, server);
});

async function setSiteAddress(request, token, siteAddress) {
  const response = await request.patch('/api/admin/mail', { headers: bearer(token), data: { siteAddress } });
  expect(response.ok(), await response.text()).toBe(true);
}

test('the QR view shows the certificate and a code that reads as its verify link; Print prints', async ({
  page,
  request,
}) => {
  await setSiteAddress(request, token, SITE);
  const number = await issueCertificate(request, token, 'Pritha Ghosh', {
    event: 'Spoken English, winter batch',
    issuedOn: '2025-01-31',
  });
  await openAdmin(page, '/admin/certificates');
  await expect(row(page, String(number)).getByRole('cell')).toHaveText([
    'Pritha Ghosh',
    String(number),
    'Spoken English, winter batch',
    '2025-01-31',
    'Valid',
    /QR code/,
    /Edit/,
    /Revoke/,
    /Delete/,
  ]);

  await page.evaluate(() => {
    window.printed = 0;
    window.print = () => {
      window.printed += 1;
    };
  });
  // By keyboard: the row's QR code button, then Enter.
  await row(page, String(number)).getByRole('button', { name: /QR code/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Certificate ${number}` });
  await expect(dialog).toContainText('Pritha Ghosh');
  await expect(dialog).toContainText('Spoken English, winter batch');
  await expect(dialog).toContainText('2025-01-31');
  const qr = dialog.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(await readQr(qr)).toBe(`${SITE}/verify/${number}`);

  await dialog.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => window.printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  // Printed, the page shows the QR view alone (the dialog's frame is hidden, so find the picture by its class).
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await expect(page.locator('.certificate-print-qr')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px the QR view, opened by keyboard, names the club, says "Scan to verify" with the link in text, saves the code as SVG and PNG, and closes on Escape`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await setSiteAddress(request, token, SITE);
    const number = await issueCertificate(request, token, 'Moumita Sarkar');
    const link = `${SITE}/verify/${number}`;
    await openAdmin(page, '/admin/certificates');
    const opener = row(page, String(number)).getByRole('button', { name: `QR code of certificate ${number}` });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Certificate ${number}` });
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(dialog).toContainText('Jyoti — A Free Night Education Center By Students Of JGEC');
    await expect(dialog.getByText('Scan to verify')).toBeVisible();
    await expect(dialog.getByText(link, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    const { readFileSync } = await import('node:fs');
    let downloading = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download SVG' }).click();
    let download = await downloading;
    expect(download.suggestedFilename()).toBe(`certificate-${number}-qr.svg`);
    expect(readFileSync(await download.path(), 'utf8')).toContain('<svg');

    // The PNG, by keyboard, read by a real decoder.
    downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PNG' }).focus();
    await page.keyboard.press('Enter');
    download = await downloading;
    expect(download.suggestedFilename()).toBe(`certificate-${number}-qr.png`);
    const { PNG } = await import('pngjs');
    const { default: jsQR } = await import('jsqr');
    const png = PNG.sync.read(readFileSync(await download.path()));
    expect([png.width, png.height]).toEqual([1024, 1024]);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(link);

    // Printed: the club's name, the code, "Scan to verify" and its link as text, not the buttons nor the site around.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.certificate-print-club')).toHaveText('Jyoti — A Free Night Education Center By Students Of JGEC');
    await expect(page.locator('.certificate-print-club')).toBeVisible();
    await expect(page.locator('.certificate-print-qr')).toBeVisible();
    await expect(page.getByText('Scan to verify')).toBeVisible();
    await expect(page.locator('.certificate-print-link')).toHaveText(link);
    await expect(page.locator('.certificate-print-link')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Download PNG' })).toBeHidden();
    await expect(dialog.getByRole('link', { name: 'Download SVG' })).toBeHidden();
    await expect(page.getByRole('navigation').first()).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // Escape closes the view and the focus goes back to the row's button.
    await dialog.getByRole('button', { name: 'Download PNG' }).focus();
    await expectEscapeCloses(page, dialog, opener);
  });
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px Edit corrects the holder, event and date by keyboard; the number stays`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const number = await issueCertificate(request, token, 'Rhea Dass', { event: 'Art camp' });
    await openAdmin(page, '/admin/certificates');
    await row(page, String(number)).getByRole('button', { name: `Edit certificate ${number}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Edit certificate ${number}` });
    await expect(dialog).toContainText(`Certificate number ${number} stays`);
    await expect(dialog.getByLabel('Certificate number')).toHaveCount(0);
    await expect(dialog.getByLabel('Name')).toHaveValue('Rhea Dass');
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Rhea Das');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Event or course (optional)')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Art camp 2025');
    await page.keyboard.press('Tab');
    const issuedOn = dialog.getByLabel('Issued on (optional)');
    await expect(issuedOn).toBeFocused();
    // A date field's keys follow the browser's locale: the date itself is set directly.
    await issuedOn.fill('2025-05-04');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Certificate Updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row(page, String(number)).getByRole('cell').first()).toHaveText('Rhea Das');
    const found = await (await request.get(`/api/certificate/get_certificate/${number}`)).json();
    expect(found).toEqual({ name: 'Rhea Das', certinumber: number, event: 'Art camp 2025', issuedOn: '2025-05-04' });

    // An empty name is refused with the server's reason, and nothing changes.
    await row(page, String(number)).getByRole('button', { name: `Edit certificate ${number}` }).click();
    await dialog.getByLabel('Name').fill(' ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(/required|empty/i)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row(page, String(number)).getByRole('cell').first()).toHaveText('Rhea Das');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px Create offers the next free number, taken by keyboard`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const highest = await issueCertificate(request, token, 'Highest So Far');
    const next = (await (await request.get('/api/admin/certificates/next-number', { headers: bearer(token) })).json())
      .certinumber;
    expect(next).toBeGreaterThan(highest);
    await openAdmin(page, '/admin/certificates');
    await page.getByRole('button', { name: 'Create', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create Certificate' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('Next Number Holder');
    await page.keyboard.press('Tab');
    // Offered, not filled in: the number stays the admin's choice.
    await expect(dialog.getByLabel('Certificate number')).toBeFocused();
    await expect(dialog.getByLabel('Certificate number')).toHaveValue('');
    await expect(dialog.getByText(`Next free number: ${next}`)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: `Use ${next}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Certificate number')).toHaveValue(String(next));
    await expect(dialog.getByRole('button', { name: `Use ${next}` })).toHaveCount(0);
    // The focus is on the number it filled in (not lost with the button), and Tab goes on to the next field.
    await expect(dialog.getByLabel('Certificate number')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Event or course (optional)')).toBeFocused();
    await page.keyboard.type('Keyboard course');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Certificate Created')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row(page, String(next)).getByRole('cell').first()).toHaveText('Next Number Holder');
    await expect(row(page, String(next))).toContainText('Keyboard course');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

test('with no site address the QR view says so instead of a code', async ({ page, request }) => {
  await setSiteAddress(request, token, '');
  const number = await issueCertificate(request, token, 'No Site');
  await openAdmin(page, '/admin/certificates');
  await row(page, String(number)).getByRole('button', { name: /QR code/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toContainText('site address is not set');
  await expect(dialog.getByRole('img')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Print' })).toBeDisabled();
  await setSiteAddress(request, token, SITE);
});

test('a certificate made in the Create popup with its event and date verifies with them', async ({ page }) => {
  await openAdmin(page, '/admin/certificates');
  const number = String(freshNumber());
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Subham Mondal');
  await dialog.getByLabel('Certificate number').fill(number);
  await dialog.getByLabel('Event or course (optional)').fill('Computer basics');
  await dialog.getByLabel('Issued on (optional)').fill('2025-02-14');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Certificate Created')).toBeVisible();

  await page.goto(`/verify/${number}`);
  const status = page.getByRole('status');
  await expect(status).toContainText('This Certificate belongs to Subham Mondal');
  await expect(status).toContainText('Computer basics, issued on 2025-02-14');
});

test('a revoked certificate verifies as revoked, never as valid, and is valid again once restored', async ({
  page,
  request,
}) => {
  const number = await issueCertificate(request, token, 'Rahul Sen');
  await openAdmin(page, '/admin/certificates');

  await row(page, String(number)).getByRole('button', { name: /Revoke/ }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke certificate ${number}` });
  await expect(dialog.getByLabel('Revoked on')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await dialog.getByLabel('Revoked on').fill('2025-03-01');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'Certificate revocation saved')).toBeVisible();
  await expect(row(page, String(number))).toContainText('Revoked on 2025-03-01');

  const verify = await page.context().newPage();
  await verify.goto(`/verify/${number}`);
  const status = verify.getByRole('status');
  await expect(status).toContainText('revoked on 2025-03-01');
  await expect(status).not.toContainText('This Certificate belongs to');
  await expect(status).not.toContainText('Rahul Sen');

  page.once('dialog', (confirm) => confirm.accept());
  await row(page, String(number)).getByRole('button', { name: /Make valid/ }).click();
  await expect(row(page, String(number))).toContainText('Valid');
  await verify.reload();
  await expect(verify.getByRole('status')).toContainText('This Certificate belongs to Rahul Sen');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, bypassCSP: true });

  test("a certificate's actions are in view on its card", async ({ page, request }) => {
    await setSiteAddress(request, token, SITE);
    const number = await issueCertificate(request, token, 'Phone Holder');
    await openAdmin(page, '/admin/certificates');
    const card = row(page, String(number));
    for (const name of [/QR code/, /Edit/, /Revoke/, /Delete/]) {
      const button = card.getByRole('button', { name });
      await button.scrollIntoViewIfNeeded();
      const box = await button.boundingBox();
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    // The QR view with its downloads fits the phone too, and passes axe.
    await card.getByRole('button', { name: /QR code/ }).click();
    const dialog = page.getByRole('dialog', { name: `Certificate ${number}` });
    await expect(dialog.getByRole('button', { name: 'Download PNG' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const png = await dialog.getByRole('button', { name: 'Download PNG' }).boundingBox();
    expect(png.x + png.width).toBeLessThanOrEqual(360);
    expect(await violations(page)).toEqual([]);
  });
});

test('a CSV import shows its bad rows first, imports nothing until they are fixed, then all at once', async ({
  page,
  request,
}) => {
  const taken = await issueCertificate(request, token, 'Already Issued');
  const first = freshNumber();
  const second = first + 1;
  const file = (rows) => ({ name: 'batch.csv', mimeType: 'text/csv', buffer: Buffer.from(`\ufeffname;number;event;date\n${rows}`) });
  await openAdmin(page, '/admin/certificates');

  // By keyboard: the Import CSV button opens the popup.
  await page.getByRole('button', { name: 'Import CSV' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Import certificates' });
  await dialog.getByLabel('CSV file').setInputFiles(
    file(`"Das; Priya";${first};Computer basics;2025-01-31\nSumon Barman;${taken};;\n`),
  );
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('status')).toContainText('2 certificates in the file; 1 errors');
  await expect(dialog.getByRole('region', { name: 'Rows with errors' }).getByRole('row').nth(1)).toContainText(
    '3numberis already issued',
  );
  await expect(dialog.getByRole('button', { name: /^Import \d+ certificates$/ })).toHaveCount(0);

  await dialog.getByLabel('CSV file').setInputFiles(
    file(`"Das; Priya";${first};Computer basics;2025-01-31\nSumon Barman;${second};;\n`),
  );
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('status')).toContainText('2 certificates in the file; no errors.');
  await dialog.getByRole('button', { name: 'Import 2 certificates' }).click();
  await expect(toast(page, '2 certificates imported')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, String(first))).toContainText('Das; Priya');
  await expect(row(page, String(first))).toContainText('Computer basics');
  await expect(row(page, String(second))).toContainText('Sumon Barman');
});

test('Export CSV downloads every certificate', async ({ page, request }) => {
  const number = await issueCertificate(request, token, '=Formula Holder');
  await openAdmin(page, '/admin/certificates');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^jyoti-certificates-.*\.csv$/);
  const text = (await import('node:fs')).readFileSync(await download.path(), 'utf8');
  expect(text.split('\r\n')[0]).toBe('Name,Number,Event,Date,Revoked on');
  expect(text).toContain(`'=Formula Holder,${number},,,`);
});

test.describe('the popups pass axe', () => {
  test.use({ bypassCSP: true });

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px the QR view, Edit, Create with its number offer and the import preview with errors have no WCAG violations`, async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000); // five axe scans
      await page.setViewportSize(viewport);
      await setSiteAddress(request, token, SITE);
      const number = await issueCertificate(request, token, 'Axe Holder', { event: 'Axe course' });
      await openAdmin(page, '/admin/certificates');
      expect(await violations(page), 'axe on the certificates list').toEqual([]);

      await row(page, String(number)).getByRole('button', { name: /QR code/ }).click();
      const qrView = page.getByRole('dialog', { name: `Certificate ${number}` });
      await expect(qrView.getByRole('img', { name: /QR code/ })).toBeVisible();
      expect(await violations(page), 'axe on the QR view').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(qrView).toBeHidden();

      await row(page, String(number)).getByRole('button', { name: `Edit certificate ${number}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit certificate ${number}` });
      await expect(edit).toBeVisible();
      expect(await violations(page), 'axe on Edit').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(edit).toBeHidden();

      await page.getByRole('button', { name: 'Create', exact: true }).click();
      const create = page.getByRole('dialog', { name: 'Create Certificate' });
      await expect(create.getByRole('button', { name: /^Use \d+$/ })).toBeVisible();
      expect(await violations(page), 'axe on Create').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(create).toBeHidden();

      await page.getByRole('button', { name: 'Import CSV' }).click();
      const importer = page.getByRole('dialog', { name: 'Import certificates' });
      await importer.getByLabel('CSV file').setInputFiles({
        name: 'bad.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`name,number\nA,${number}\nB,x\n`),
      });
      await importer.getByRole('button', { name: 'Preview' }).click();
      await expect(importer.getByRole('region', { name: 'Rows with errors' })).toBeVisible();
      expect(await violations(page), 'axe on the import preview').toEqual([]);
    });
  }
});
