-- The couriers' place lists, cached, and the admin's last choice per place (issue 36, decision 096).
CREATE TABLE "CourierArea" (
    "courier" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "parentId" TEXT NOT NULL DEFAULT '',
    "areaId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "fetchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CourierArea_pkey" PRIMARY KEY ("courier","kind","parentId","areaId")
);

CREATE TABLE "CourierAreaChoice" (
    "courier" TEXT NOT NULL,
    "placeKey" TEXT NOT NULL,
    "cityId" TEXT,
    "zoneId" TEXT,
    "areaId" TEXT NOT NULL,
    "areaName" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CourierAreaChoice_pkey" PRIMARY KEY ("courier","placeKey")
);
