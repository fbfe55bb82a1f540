// team: the words of the team (roster) pages.
export default {
  'team.title': 'Our Team',
  'team.others': 'Teams of other years',
  'team.back': 'Back to the core team',
  'team.empty': 'No members are listed yet.',
  'team.profileOf': 'profile of {name}',
};
