// verify: the certificate check (/verify, /verify/NUMBER).
export default {
  'verify.title': 'Verify authenticity of certificate',
  'verify.number': 'Certificate number',
  'verify.submit': 'Verify',
  'verify.belongsTo': 'This Certificate belongs to ',
  'verify.issuedOn': 'issued on {date}',
  'verify.ownLink': 'This result’s own link, to send to whoever asks',
  'verify.revoked': 'Certificate {number} was revoked on {date}: it is no longer valid.',
  'verify.notFound': 'Please enter a valid Certificate Number',
  'verify.invalid': 'Please enter a valid Certificate Number',
};
