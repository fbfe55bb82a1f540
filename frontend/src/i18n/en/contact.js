// contact: the words of the contact page (Keep in Touch).
export default {
  'contact.title': 'Keep in Touch',
  'contact.delivered': 'Message Delivered',
  'contact.name': 'Name',
  'contact.email': 'Email',
  'contact.telephone': 'Telephone',
  'contact.rating': 'Rating',
  'contact.review': 'Review About Jyoti',
  'contact.stars': '{count}star',
  'contact.message': 'Message',
  'contact.send': 'Send Message',
  'contact.notSent': 'Your message was not sent. {why} It is still here, so you can send it again.',
  'contact.error.name': 'Write your name, on one line (at most 100 letters).',
  'contact.error.email': 'Write a whole email address, such as name@example.com.',
  'contact.error.telephone': 'Write a phone number of 7 to 20 digits (+, -, ( ) and spaces may be used).',
  'contact.error.subject': 'Choose a rating.',
  'contact.error.message': 'Write your message (at most 5000 letters).',
};
