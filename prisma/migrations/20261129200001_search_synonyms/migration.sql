-- Synonyms shoppers type for the same thing (issue 28 item 22): a search or a suggestion for any term
-- of a group also finds the others ("sari" finds sarees, "শাড়ি" finds them in English too), and a
-- term of a group is a known word, never "corrected" to another (sari was corrected to the brand
-- Sara). Edited at /admin/synonyms, read by app/models/catalogue/synonyms.server.ts. Each term is
-- one word or a short phrase, lower case, as the admin typed it, and a term belongs to one group at
-- most (the service checks it, under a lock, when a group is saved).
CREATE TABLE "SearchSynonym" (
  "id" SERIAL PRIMARY KEY,
  "terms" TEXT[] NOT NULL CHECK (cardinality("terms") >= 2),
  "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- What a Bangladeshi shopper types: local spellings of garment words, and the Bangla words for them.
-- Every shop starts with them (not only the demo), and the admin changes or deletes them as they like.
INSERT INTO "SearchSynonym" ("terms") VALUES
  (ARRAY['saree', 'sari', 'shari', 'sharee', 'শাড়ি', 'শাড়ী']),
  (ARRAY['jeans', 'jins', 'jeens', 'জিন্স']),
  (ARRAY['panjabi', 'punjabi', 'panjabee', 'punjabee', 'পাঞ্জাবি', 'পাঞ্জাবী']),
  (ARRAY['kameez', 'kamiz', 'kamis', 'kamij', 'কামিজ']),
  (ARRAY['salwar', 'shalwar', 'selwar', 'সালোয়ার']),
  (ARRAY['kurti', 'kurtee', 'কুর্তি', 'কুর্তী']),
  (ARRAY['fatua', 'fotua', 'ফতুয়া']),
  (ARRAY['t-shirt', 'tshirt', 'tee', 'genji', 'গেঞ্জি', 'টি-শার্ট', 'টিশার্ট']),
  (ARRAY['shirt', 'শার্ট']),
  (ARRAY['polo', 'পোলো']),
  (ARRAY['jamdani', 'zamdani', 'জামদানি', 'জামদানী']),
  (ARRAY['orna', 'urna', 'dupatta', 'ওড়না']),
  (ARRAY['lungi', 'লুঙ্গি']),
  (ARRAY['borka', 'borkha', 'burqa', 'burka', 'বোরকা']),
  (ARRAY['hijab', 'হিজাব']),
  (ARRAY['bag', 'ব্যাগ']),
  (ARRAY['wallet', 'manibag', 'moneybag', 'money bag', 'মানিব্যাগ']),
  (ARRAY['watch', 'ghori', 'ghari', 'ঘড়ি']),
  (ARRAY['belt', 'বেল্ট']),
  (ARRAY['silk', 'resham', 'সিল্ক', 'রেশম']),
  (ARRAY['cotton', 'suti', 'সুতি', 'সুতী']),
  (ARRAY['katan', 'কাতান']),
  (ARRAY['muslin', 'moslin', 'মসলিন']),
  (ARRAY['tangail', 'টাঙ্গাইল']),
  (ARRAY['handloom', 'tant', 'taant', 'তাঁত']),
  (ARRAY['khadi', 'khaddar', 'খাদি', 'খদ্দর']),
  (ARRAY['kantha', 'katha', 'কাঁথা']),
  (ARRAY['nakshi', 'nokshi', 'noksha', 'নকশি', 'নকশী']),
  (ARRAY['zari', 'jari', 'jori', 'জরি']),
  (ARRAY['linen', 'লিনেন']),
  (ARRAY['georgette', 'jorjet', 'জর্জেট']),
  (ARRAY['endi', 'eri', 'এন্ডি']),
  (ARRAY['blouse', 'ব্লাউজ']),
  (ARRAY['sherwani', 'শেরওয়ানি']),
  (ARRAY['frock', 'ফ্রক']),
  (ARRAY['gamchha', 'gamcha', 'গামছা']),
  (ARRAY['pant', 'trouser', 'trousers', 'প্যান্ট']),
  (ARRAY['shoes', 'shoe', 'juta', 'জুতা']);
