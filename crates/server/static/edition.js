// Edition data the sheet drawing and the companion need (first edition, 2018): the printed
// sheet's tracks and the City Plan cards. The engine's edition file is the source of these values.

export const EDITION_ID = "first";
export const EDITION_NAME = "Welcome To… Your Perfect Home (1st edition, 2018)";

export const LAYOUT = {
  "streets": [
    {
      "houses": 10,
      "pools": [3, 7, 8],
      "parks": [0, 2, 4, 10]
    },
    {
      "houses": 11,
      "pools": [1, 4, 8],
      "parks": [0, 2, 4, 6, 14]
    },
    {
      "houses": 12,
      "pools": [2, 7, 11],
      "parks": [0, 2, 4, 6, 8, 18]
    }
  ],
  "pools": [0, 3, 6, 9, 13, 17, 21, 26, 31, 36],
  "temp_boxes": 11,
  "temp_majority": [7, 4, 1],
  "solo_temps": {
    "at_least": 6,
    "points": 7
  },
  "real_estate": [
    [1, 3],
    [2, 3, 4],
    [3, 4, 5, 6],
    [4, 5, 6, 7, 8],
    [5, 6, 7, 8, 10],
    [6, 7, 8, 10, 12]
  ],
  "bis": [0, 1, 3, 6, 9, 12, 16, 20, 24, 28],
  "roundabouts": [0, 3, 8],
  "refusals": [0, 0, 3, 5]
};

export const PLANS = [
  {"id": 0, "stack": 1, "advanced": false, "condition": {"estates": [1, 1, 1, 1, 1, 1]}, "first": 8, "second": 4},
  {"id": 1, "stack": 1, "advanced": false, "condition": {"estates": [2, 2, 2, 2]}, "first": 8, "second": 4},
  {"id": 2, "stack": 1, "advanced": false, "condition": {"estates": [3, 3, 3]}, "first": 8, "second": 4},
  {"id": 3, "stack": 1, "advanced": false, "condition": {"estates": [4, 4]}, "first": 6, "second": 3},
  {"id": 4, "stack": 1, "advanced": false, "condition": {"estates": [5, 5]}, "first": 8, "second": 4},
  {"id": 5, "stack": 1, "advanced": false, "condition": {"estates": [6, 6]}, "first": 10, "second": 6},
  {"id": 6, "stack": 2, "advanced": false, "condition": {"estates": [1, 1, 1, 6]}, "first": 11, "second": 6},
  {"id": 7, "stack": 2, "advanced": false, "condition": {"estates": [2, 2, 5]}, "first": 10, "second": 6},
  {"id": 8, "stack": 2, "advanced": false, "condition": {"estates": [3, 3, 4]}, "first": 12, "second": 7},
  {"id": 9, "stack": 2, "advanced": false, "condition": {"estates": [3, 6]}, "first": 8, "second": 4},
  {"id": 10, "stack": 2, "advanced": false, "condition": {"estates": [4, 5]}, "first": 9, "second": 5},
  {"id": 11, "stack": 2, "advanced": false, "condition": {"estates": [1, 1, 1, 4]}, "first": 9, "second": 5},
  {"id": 12, "stack": 3, "advanced": false, "condition": {"estates": [1, 2, 6]}, "first": 12, "second": 7},
  {"id": 13, "stack": 3, "advanced": false, "condition": {"estates": [1, 4, 5]}, "first": 13, "second": 7},
  {"id": 14, "stack": 3, "advanced": false, "condition": {"estates": [3, 4]}, "first": 7, "second": 3},
  {"id": 15, "stack": 3, "advanced": false, "condition": {"estates": [2, 5]}, "first": 7, "second": 3},
  {"id": 16, "stack": 3, "advanced": false, "condition": {"estates": [1, 2, 2, 3]}, "first": 11, "second": 6},
  {"id": 17, "stack": 3, "advanced": false, "condition": {"estates": [2, 3, 5]}, "first": 13, "second": 7},
  {"id": 18, "stack": 1, "advanced": true, "condition": {"full-street": 3}, "first": 8, "second": 4},
  {"id": 19, "stack": 1, "advanced": true, "condition": {"full-street": 1}, "first": 6, "second": 3},
  {"id": 20, "stack": 1, "advanced": true, "condition": {"bis-in-one-street": 5}, "first": 8, "second": 3},
  {"id": 21, "stack": 1, "advanced": true, "condition": {"temps": 7}, "first": 6, "second": 3},
  {"id": 22, "stack": 1, "advanced": true, "condition": {"street-ends": true}, "first": 7, "second": 4},
  {"id": 23, "stack": 2, "advanced": true, "condition": {"complete-parks": 2}, "first": 7, "second": 4},
  {"id": 24, "stack": 2, "advanced": true, "condition": {"parks-pools-roundabout": true}, "first": 10, "second": 5},
  {"id": 25, "stack": 2, "advanced": true, "condition": {"complete-pools": 2}, "first": 7, "second": 4},
  {"id": 26, "stack": 2, "advanced": true, "condition": {"parks-and-pools": 3}, "first": 10, "second": 5},
  {"id": 27, "stack": 2, "advanced": true, "condition": {"parks-and-pools": 2}, "first": 8, "second": 3}
];

// The construction cards: for each house number, the effects on the backs of its cards.
export const DECK = {"1": ["surveyor", "real-estate", "landscaper"], "2": ["surveyor", "real-estate", "landscaper"], "3": ["surveyor", "pool", "temp", "bis"], "4": ["real-estate", "landscaper", "pool", "temp", "bis"], "5": ["surveyor", "real-estate", "landscaper"], "6": ["surveyor", "real-estate", "landscaper", "pool", "temp", "bis"], "7": ["surveyor", "real-estate", "landscaper", "pool", "temp", "bis"], "8": ["surveyor", "real-estate", "landscaper", "pool", "temp", "bis"], "9": ["surveyor", "real-estate", "landscaper", "pool", "temp", "bis"], "10": ["surveyor", "real-estate", "landscaper", "pool", "temp", "bis"], "11": ["surveyor", "real-estate", "landscaper"], "12": ["real-estate", "landscaper", "pool", "temp", "bis"], "13": ["surveyor", "pool", "temp", "bis"], "14": ["surveyor", "real-estate", "landscaper"], "15": ["surveyor", "real-estate", "landscaper"]};
