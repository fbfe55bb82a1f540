// টিমের পাতা।
export default {
  'team.title': 'আমাদের টিম',
  'team.others': 'অন্য বছরের টিম',
  'team.back': 'মূল টিমে ফিরে যান',
  'team.empty': 'এখনও কোনো সদস্যের নাম দেওয়া হয়নি।',
  'team.profileOf': '{name}-এর প্রোফাইল',
};
